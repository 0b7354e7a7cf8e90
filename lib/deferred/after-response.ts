import "server-only";
import { after } from "next/server";
import { logError } from "@/lib/log";

/**
 * Runs `work` after the response has been sent, so its duration (a mail provider's, say) can't
 * be read from the answer's timing. Inside a request Next.js keeps the function alive for it
 * (also on serverless hosts); outside one (scripts, tests calling handlers directly) it simply
 * runs on without being awaited. Failures are logged, never thrown at the caller.
 */
export function afterResponse(
  scope: string,
  work: () => Promise<void>,
  fields?: Parameters<typeof logError>[2],
): void {
  const run = () =>
    work().catch((error) => {
      logError(scope, error, fields);
    });
  try {
    after(run);
  } catch {
    void run();
  }
}
