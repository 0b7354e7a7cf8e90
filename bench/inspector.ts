/**
 * A server's memory after a full garbage collection, read from the outside through the Node
 * inspector protocol: the server runs with `--inspect=127.0.0.1:<port>` (and `--expose-gc`), and
 * this client asks it for `HeapProfiler.collectGarbage`, then evaluates `process.memoryUsage()`
 * in it. Nothing in the application knows about it. Node 20 has no WebSocket client of its own,
 * so the few frames the protocol needs are written and read here.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";

export type Memory = { rssMb: number; heapUsedMb: number };

type Session = {
  call: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  close: () => void;
};

/** One masked text frame from client to server (RFC 6455 §5.2). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const n = payload.length;
  const header =
    n < 126
      ? Buffer.from([0x81, 0x80 | n])
      : n < 65_536
        ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigEndian64(n)]);
  for (let i = 0; i < n; i++) payload[i] ^= mask[i % 4];
  return Buffer.concat([header, mask, payload]);
}

function bigEndian64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** Calls `onMessage` with each complete text message the server sends (unmasked frames). */
function reader(onMessage: (text: string) => void): (chunk: Buffer) => void {
  let buffered = Buffer.alloc(0);
  let parts: Buffer[] = [];
  return (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (buffered.length < 2) return;
      const fin = (buffered[0] & 0x80) !== 0;
      const opcode = buffered[0] & 0x0f;
      let length = buffered[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffered.length < offset + length) return;
      const payload = buffered.subarray(offset, offset + length);
      buffered = buffered.subarray(offset + length);
      // Text (1) and its continuations (0); control frames are not used by the inspector here.
      if (opcode === 1 || opcode === 0) {
        parts.push(Buffer.from(payload));
        if (fin) {
          onMessage(Buffer.concat(parts).toString("utf8"));
          parts = [];
        }
      }
    }
  };
}

async function debuggerUrl(port: number): Promise<URL> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!targets[0]) throw new Error(`no inspector target on port ${port}`);
  return new URL(targets[0].webSocketDebuggerUrl);
}

async function connect(
  port: number,
  onEvent: (method: string, params: Record<string, unknown>) => void = () => {},
): Promise<Session> {
  const url = await debuggerUrl(port);
  const socket = await new Promise<Socket>((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        "sec-websocket-version": "13",
      },
    });
    req.on("upgrade", (_res, s: Socket, head: Buffer) => {
      if (head.length > 0) s.unshift(head);
      resolve(s);
    });
    req.on("response", (res) => reject(new Error(`inspector answered ${res.statusCode}`)));
    req.on("error", reject);
    req.end();
  });
  let nextId = 1;
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  socket.on(
    "data",
    reader((text) => {
      const message = JSON.parse(text) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
      } & Record<string, unknown>;
      if (message.id !== undefined) waiting.get(message.id)?.(message);
      else if (message.method) onEvent(message.method, message.params ?? {});
    }),
  );
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => reject(new Error(`${method}: no answer in 5 min`)), 300_000);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
          else resolve((message.result ?? {}) as Record<string, unknown>);
        });
        socket.write(frame(JSON.stringify({ id, method, params })));
      }),
    close: () => socket.destroy(),
  };
}

/**
 * Forces full collections in the server listening for the inspector on `port` (twice, so
 * what the first one's finalizers let go is collected too), then reads its memory.
 */
export async function memoryAfterGc(port: number): Promise<Memory> {
  const session = await connect(port);
  try {
    await session.call("HeapProfiler.collectGarbage");
    await session.call("HeapProfiler.collectGarbage");
    const evaluated = await session.call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const value = (evaluated.result as { value?: string } | undefined)?.value;
    if (typeof value !== "string") throw new Error("process.memoryUsage() gave no value");
    const usage = JSON.parse(value) as { rss: number; heapUsed: number };
    return { rssMb: usage.rss / 2 ** 20, heapUsedMb: usage.heapUsed / 2 ** 20 };
  } finally {
    session.close();
  }
}

/**
 * Writes a heap snapshot of the server listening for the inspector on `port` to `file` (the
 * format Chrome's memory panel opens; `npm run bench -- heap-diff a b` compares two). The
 * snapshot itself runs a full collection first, so only live objects are in it.
 */
export async function writeHeapSnapshot(port: number, file: string): Promise<void> {
  // The file is opened once connected, so a failed connection leaves none open.
  const sink: { out?: WriteStream } = {};
  const session = await connect(port, (method, params) => {
    if (method === "HeapProfiler.addHeapSnapshotChunk") sink.out?.write(String(params.chunk));
  });
  const out = createWriteStream(file);
  sink.out = out;
  const failed = new Promise<never>((_, reject) => out.on("error", reject));
  try {
    await Promise.race([
      session.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false }),
      failed,
    ]);
  } finally {
    session.close();
  }
  await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
}
