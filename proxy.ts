import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode } from "@/lib/http/error-codes";
import { AppError, errorBody } from "@/lib/http/errors";
import { isAllowedOrigin } from "@/lib/http/origin";
import { CROSS_ORIGIN_API_PATHS } from "@/lib/http/cross-origin-paths";

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
  return NextResponse.json(errorBody(new AppError(ErrorCode.ORIGIN_NOT_ALLOWED)), {
    status: 403,
    headers: { "cache-control": "no-store" },
  });
}

export const config = { matcher: "/api/:path*" };
