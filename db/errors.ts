import "server-only";

/** SQLSTATEs of a lost or refused connection: class 08, and the server shutting sessions down. */
const CONNECTION_STATES = /^(08|57P0[1-3])/;

/** What postgres-js and Node report when a socket to the database breaks or can't be opened. */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/**
 * Whether an error means the database connection was lost (terminated backend, restart,
 * network), as opposed to a query that failed on its own. Drizzle wraps driver errors, so the
 * chain of causes is followed. Such a request failed as a whole (its transaction was never
 * committed) and may simply be tried again.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || CONNECTION_STATES.test(code))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
