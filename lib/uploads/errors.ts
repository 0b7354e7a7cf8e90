import "server-only";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";

/** Code 24 for a file whose content or name is not accepted. */
export function fileRejected(message: string): AppError {
  return new AppError(ErrorCode.FILE_REJECTED, { message });
}

/**
 * Code 24 for a file over its size limit. Answered 413 like a body over the request limit,
 * so a client sees the same refusal whichever of the two checks caught the file.
 */
export function fileTooLarge(message: string): AppError {
  return new AppError(ErrorCode.FILE_REJECTED, { kind: "too_large", message });
}
