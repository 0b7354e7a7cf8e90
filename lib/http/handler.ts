import "server-only";
import { z, type ZodType } from "zod";
import type { StaffUser } from "@/db/schema";
import {
  SESSION_COOKIE,
  sessionCookie,
  validateSessionToken,
  type SessionContext,
} from "@/lib/auth/session";
import { readCookie } from "@/lib/cookies";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes";
import { boundedBody } from "./body-limit";
import { logError } from "@/lib/log";
import {
  afterValidationRules,
  beforeValidationRules,
  clientKey,
  type ClientBudget,
} from "@/lib/rate-limit/client";
import { enforceRateLimits, type RateLimitRule } from "@/lib/rate-limit/limiter";
import { isAllowedOrigin } from "./origin";
import { errorResponse } from "./status";

type Auth = "none" | "optional" | "staff" | "admin";
type BodyKind = "json" | "multipart" | "form" | "none";

type UserFor<A extends Auth> = A extends "staff" | "admin" ? StaffUser : StaffUser | null;
type SessionFor<A extends Auth> = A extends "staff" | "admin"
  ? SessionContext
  : SessionContext | null;

export type HandlerContext<A extends Auth, B, Q, P> = {
  req: Request;
  body: B;
  query: Q;
  params: P;
  user: UserFor<A>;
  session: SessionFor<A>;
  /** The caller's client key: a keyed hash of the address, or UNKNOWN_CLIENT without one. */
  ip: string;
  /** Applies further limits once the input is known (e.g. per e-mail address). */
  limit: (rules: RateLimitRule[]) => Promise<void>;
};

export type RouteOptions<A extends Auth, B, Q, P> = {
  /** Who may call: "none" = anyone, "optional" = anyone but the session is read, "staff", "admin". */
  auth: A;
  body?: ZodType<B>;
  /** How the body is read; "json" when a body schema is given, else "none". */
  bodyKind?: BodyKind;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  /**
   * The feature's site-wide ceiling and per-client junk budget (counted before the session and
   * the input are looked at) and its per-client budget (counted once the input is valid).
   */
  rateLimit?: ClientBudget;
  /** Skips the Origin check: only for calls made by mail clients or schedulers, never browsers. */
  allowCrossOrigin?: boolean;
  /**
   * The most body bytes read (413 code 24 beyond it, see body-limit.ts). Set it on every route
   * that takes a file: an unbounded body would be held in memory whole.
   */
  maxBodyBytes?: number;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

function parseWith<T>(schema: ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(ErrorCode.INVALID_INPUT, { fields: zodFields(result.error) });
  }
  return result.data;
}

async function readBody(
  req: Request,
  kind: BodyKind,
  maxBytes: number | undefined,
): Promise<unknown> {
  if (kind === "none") return undefined;
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (kind === "json") {
    if (!type.startsWith("application/json")) {
      throw new AppError(ErrorCode.INVALID_INPUT, {
        kind: "unsupported_media",
        message: "Expected an application/json body",
      });
    }
    const text = await boundedBody(req, maxBytes).text();
    if (text.trim() === "") return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError(ErrorCode.INVALID_INPUT, { message: "Malformed JSON body" });
    }
  }
  const body = boundedBody(req, maxBytes);
  try {
    const form = await body.formData();
    if (kind === "form") return Object.fromEntries(form.entries());
    return form;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.INVALID_INPUT, { message: "Malformed form body" });
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? {}, { headers: { "cache-control": "no-store" } });
}

/**
 * The one way to write an API route. Order matters and is fixed here (DESIGN §2): origin →
 * site-wide ceiling and per-client junk budget → session and admin → input validation →
 * per-client budget → handler (which adds per-account limits through `limit`). An anonymous
 * caller learns nothing about a staff payload's shape, and malformed requests cannot spend an
 * honest client's budget. Domain errors become the error envelope; anything unexpected becomes
 * code 13 without details.
 */
export function route<A extends Auth, B = undefined, Q = undefined, P = undefined>(
  options: RouteOptions<A, B, Q, P>,
  handler: (ctx: HandlerContext<A, B, Q, P>) => Promise<unknown> | unknown,
) {
  return async (req: Request, routeContext?: NextRouteContext): Promise<Response> => {
    let session: SessionContext | null = null;
    try {
      if (!SAFE_METHODS.has(req.method) && !options.allowCrossOrigin && !isAllowedOrigin(req)) {
        throw new AppError(ErrorCode.ORIGIN_NOT_ALLOWED);
      }
      const ip = clientKey(req);
      if (options.rateLimit) await enforceRateLimits(beforeValidationRules(options.rateLimit, ip));

      if (options.auth !== "none") {
        session = await validateSessionToken(readCookie(req, SESSION_COOKIE));
        if (!session && (options.auth === "staff" || options.auth === "admin")) {
          throw new AppError(ErrorCode.NOT_SIGNED_IN);
        }
        if (options.auth === "admin" && !session?.user.isAdmin) {
          throw new AppError(ErrorCode.ADMIN_REQUIRED);
        }
      }

      const rawParams = routeContext ? await routeContext.params : {};
      const params = parseWith(options.params, rawParams);
      const url = new URL(req.url);
      const query = parseWith(options.query, Object.fromEntries(url.searchParams.entries()));
      const bodyKind = options.bodyKind ?? (options.body ? "json" : "none");
      const body = parseWith(options.body, await readBody(req, bodyKind, options.maxBodyBytes));
      if (options.rateLimit) await enforceRateLimits(afterValidationRules(options.rateLimit, ip));

      const result = await handler({
        req,
        body,
        query,
        params,
        user: (session?.user ?? null) as UserFor<A>,
        session: session as SessionFor<A>,
        ip,
        limit: (rules) => enforceRateLimits(rules),
      });
      const response = toResponse(result);
      if (session?.renewed && !response.headers.has("set-cookie")) {
        response.headers.append(
          "set-cookie",
          sessionCookie(readCookie(req, SESSION_COOKIE)!, session.expiresAt),
        );
      }
      return response;
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      logError("api", error, { method: req.method, path: new URL(req.url).pathname });
      return errorResponse(new AppError(ErrorCode.UNKNOWN));
    }
  };
}
