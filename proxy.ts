import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";
import { CROSS_ORIGIN_API_PATHS } from "@/lib/http/cross-origin-paths";
import { isAllowedOrigin } from "@/lib/http/origin";
import { errorResponse } from "@/lib/http/status";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Runs on /api only (public pages stay free of per-request code). Refuses every state-changing
 * call from another origin before routing, so even a path or method without a handler answers
 * 403 code 26 rather than anything else. Handlers check again through the wrapper.
 */
export function proxy(req: NextRequest) {
  if (SAFE_METHODS.has(req.method)) return NextResponse.next();
  if (CROSS_ORIGIN_API_PATHS.has(req.nextUrl.pathname)) return NextResponse.next();
  if (isAllowedOrigin(req)) return NextResponse.next();
  return errorResponse(new AppError(ErrorCode.ORIGIN_NOT_ALLOWED));
}

/**
 * Every /api path except the two upload targets, POST /api/study/{id}/attachments and POST
 * /api/editor_image: when the proxy runs, Next copies the request body and passes the route only
 * its first 10 MB, which would store a larger PDF cut short. Those routes check the Origin
 * themselves (the handler wrapper does it for every route). tests/unit/proxy-matcher.test.ts
 * keeps every other route covered.
 */
export const config = {
  matcher: ["/api", "/api/((?!editor_image/?$|study/[^/]+/attachments/?$).*)"],
};
