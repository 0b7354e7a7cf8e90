import "server-only";
import { getConfig } from "@/config";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";

/**
 * The scheduler of a serverless host authenticates with `Authorization: Bearer $CRON_SECRET`.
 * Without a configured secret the endpoint does not exist.
 */
export function assertCronCaller(req: Request): void {
  const secret = getConfig().cronSecret;
  if (!secret) throw new AppError(ErrorCode.NOT_FOUND, { message: "No such API endpoint" });
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer (.+)$/.exec(header);
  if (!match || !constantTimeEqual(match[1], secret)) throw new AppError(ErrorCode.NOT_SIGNED_IN);
}
