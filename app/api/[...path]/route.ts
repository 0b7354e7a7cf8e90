import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { refuseForeignStateChange } from "@/lib/http/origin";
import { errorResponse } from "@/lib/http/status";

// Unknown API paths answer in the error envelope instead of falling through to a page; a
// state-changing call from another origin is refused as on every known path.
async function notFound(req: Request): Promise<Response> {
  return (
    refuseForeignStateChange(req) ??
    errorResponse(new AppError(ErrorCode.NOT_FOUND, { message: "No such API endpoint" }))
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
