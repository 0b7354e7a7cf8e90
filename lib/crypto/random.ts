import "server-only";
import { randomFillSync } from "node:crypto";

// Random bytes are drawn from the operating system's generator 4 kB at a time, as Node does for
// randomUUID: each randomBytes call costs about 10 µs of setting up a crypto job, and a sign-up
// or a submission needs two or three small draws. A slice is handed out once, copied out (it
// never shares memory with the pool), and its place in the pool is zeroed at once, so a token
// does not linger there until the next refill.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `size` cryptographically secure random bytes, in a Buffer of their own. */
export function secureRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`Invalid size: ${size}`);
  if (size > POOL_BYTES / 4) return randomFillSync(Buffer.alloc(size));
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return bytes;
}
