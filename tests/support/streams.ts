import { APP_ORIGIN } from "./http";

/**
 * A request body that produces `chunkBytes`-sized chunks only when read, up to `totalBytes`
 * (Infinity for one that never ends), and tells how much was actually read and whether the
 * reader gave up on it.
 */
export function meteredBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(chunkBytes).fill(0x41);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= totalBytes) {
          controller.close();
          return;
        }
        const size = Math.min(chunkBytes, totalBytes - state.pulled);
        state.pulled += size;
        controller.enqueue(size === chunkBytes ? chunk.slice() : chunk.slice(0, size));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** A request the way a client streaming its body would send it, for the body-limit tests. */
export function streamingRequest(
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): Request {
  return new Request(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: APP_ORIGIN, "x-forwarded-for": "203.0.113.9", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}
