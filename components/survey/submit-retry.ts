import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * While the database is away the server answers a submission 503 with code 13, and nothing of
 * it is stored. The runner then sends the same submission again by itself (same
 * `submission_id`, so a request that did get through is answered with its token, not stored
 * twice), waiting longer each time up to a quarter of a minute, until it is stored or the
 * participant leaves.
 */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000] as const;

/** The wait before retry number `attempt` (0 for the first). */
export function retryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 0), RETRY_DELAYS_MS.length - 1)];
}

/** True for the answer that means "the database is away; send it again later". */
export function isDatabaseAway(result: { ok: boolean; status: number; error?: { code: number } }) {
  return !result.ok && result.status === 503 && result.error?.code === ErrorCode.UNKNOWN;
}
