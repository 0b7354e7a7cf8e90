import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heapDiff } from "@/bench/heap-diff";
import { memoryAfterGc, writeHeapSnapshot } from "@/bench/inspector";

/**
 * The soak's memory tools against a real Node process: a child listening for the inspector that
 * retains 20,000 objects of a class of its own when told to (a line on its standard input).
 */
const CHILD = `
class HeapToolsMarker { constructor(i) { this.i = i; } }
globalThis.kept = [];
process.stdin.on("data", () => {
  for (let i = 0; i < 20000; i++) globalThis.kept.push(new HeapToolsMarker(i));
  process.stdout.write("grown\\n");
});
// Kept alive by its standard input only, so it ends with the test process whatever happens.
process.stdin.on("end", () => process.exit());
`;

let child: ChildProcess;
let port: number;
let dir: string;

/** The first match of `pattern` in what the child writes; rejects if the child ends first. */
function nextLine(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onExit = (code: number | null) => reject(new Error(`child ended (${code}): ${seen}`));
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        stream.off("data", onData);
        child.off("exit", onExit);
        resolve(match);
      }
    };
    stream.on("data", onData);
    child.once("exit", onExit);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "heap-tools-"));
  child = spawn(process.execPath, ["--inspect=127.0.0.1:0", "--expose-gc", "-e", CHILD], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const spawnFailed = new Promise<never>((_, reject) => child.once("error", reject));
  port = Number(
    (await Promise.race([nextLine(child.stderr!, /ws:\/\/127\.0\.0\.1:(\d+)\//), spawnFailed]))[1],
  );
});

afterAll(() => {
  child?.stdin?.end();
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("bench memory tools", () => {
  it("reads a live process's memory after a full collection", async () => {
    const memory = await memoryAfterGc(port);
    expect(memory.heapUsedMb).toBeGreaterThan(1);
    expect(memory.rssMb).toBeGreaterThan(memory.heapUsedMb);
  });

  it("writes two snapshots whose diff names the objects that were added, with their count", async () => {
    const before = path.join(dir, "before.heapsnapshot");
    const after = path.join(dir, "after.heapsnapshot");
    await writeHeapSnapshot(port, before);
    const grown = nextLine(child.stdout!, /grown\n/);
    child.stdin!.write("grow\n");
    await grown;
    await writeHeapSnapshot(port, after);
    // Snapshots of several MB arrive in many frames of the longest length form.
    expect(statSync(before).size).toBeGreaterThan(1_000_000);

    const report = heapDiff(before, after);
    const [total, ...rest] = report.split("\n");
    const [from, to] = /live heap: ([\d.]+) kB -> ([\d.]+) kB/.exec(total)!.slice(1).map(Number);
    expect(to - from).toBeGreaterThan(300); // 20,000 objects of at least 16 bytes
    const marker = rest.find((line) => line.includes("object: HeapToolsMarker"));
    expect(marker).toBeDefined();
    expect(marker).toMatch(/\s20000\s+object: HeapToolsMarker \(now 20000,/);
    // Read the other way round, the heap shrank and the group is no longer among the growers.
    const reverse = heapDiff(after, before);
    expect(reverse.split("\n")[0]).toBe(`live heap: ${to.toFixed(1)} kB -> ${from.toFixed(1)} kB`);
    expect(reverse).not.toContain("object: HeapToolsMarker (now");
  }, 30_000);

  it("rejects a snapshot it cannot write, and the process can still be read afterwards", async () => {
    await expect(
      writeHeapSnapshot(port, path.join(dir, "missing", "x.heapsnapshot")),
    ).rejects.toThrow(/ENOENT/);
    expect((await memoryAfterGc(port)).heapUsedMb).toBeGreaterThan(1);
  });
});
