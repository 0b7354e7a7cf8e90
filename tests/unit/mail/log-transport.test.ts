import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogTransport } from "@/lib/mail/transports/log";

// The outbox folder is read while mails are still being written (the browser tests poll it):
// a reader must never meet a .json that is only half there.

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the log transport's outbox", () => {
  it("never shows a half-written mail to a reader polling the folder", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const dir = mkdtempSync(path.join(os.tmpdir(), "rp-outbox-"));
    dirs.push(dir);
    const transport = createLogTransport("Panel <panel@example.org>", dir);
    const body = `<p>${"x".repeat(200_000)}</p><a href="https://example.org/verify">link</a>`;
    let writing = true;
    const sends = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transport.send({ to: `m${i}@example.org`, subject: "Hello", html: body, text: "Hello" }),
      ),
    ).finally(() => (writing = false));
    const unreadable: string[] = [];
    let reads = 0;
    while (writing) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        reads += 1;
        try {
          JSON.parse(readFileSync(path.join(dir, file), "utf8"));
        } catch {
          unreadable.push(file);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sends;
    expect(unreadable).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(20);
    expect(files.filter((f) => f.endsWith(".partial"))).toEqual([]);
  });
});
