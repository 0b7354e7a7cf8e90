import "server-only";
import { z, type ZodType } from "zod";
import { isConnectionLost } from "@/db/errors";
import type { StaffUser } from "@/db/schema";
import {
  clearedSignedInHintCookie,
  sessionCookies,
  sessionTokenFrom,
  type SessionContext,
} from "@/lib/auth/session";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint.shared";
import { AppError, invalidField } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { logError } from "@/lib/log";
import {
  afterValidationRules,
  beforeValidationRules,
  clientKey,
  type ClientBudget,
} from "@/lib/rate-limit/client";
import { limitsInStatement, type LimitsInStatement } from "@/lib/rate-limit/in-statement";
import { enforceRateLimits, releaseRateLimits, type RateLimitRule } from "@/lib/rate-limit/limiter";
import { authorise, type Auth, type TwoFactorGate } from "./access";
import { isCrossSiteRequest, isForeignStateChange, refuseForeignStateChange } from "./origin";
import { queryOf } from "./query";
import { DEFAULT_MAX_BODY_BYTES, readBody, type BodyKind } from "./read-body";
import { errorResponse } from "./status";
import { unstorableTextAt } from "./unstorable-text";

type UserFor<A extends Auth> = A extends "staff" | "admin" ? StaffUser : StaffUser | null;
type SessionFor<A extends Auth> = A extends "staff" | "admin"
  ? SessionContext
  : SessionContext | null;

export type HandlerContext<A extends Auth, B, Q, P, C extends CountedBy = undefined> = {
  req: Request;
  body: B;
  query: Q;
  params: P;
  user: UserFor<A>;
  session: SessionFor<A>;
  /** The caller's client key: a keyed hash of the address, or UNKNOWN_CLIENT without one. */
  ip: string;
  /** With `countLimitsIn: "statement"`: the limits, for the handler's statement to count. */
  limits: C extends "statement" ? LimitsInStatement : undefined;
};

type CountedBy = "statement" | undefined;

export type RouteOptions<A extends Auth, B, Q, P, C extends CountedBy = undefined> = {
  /** Who may call: "none" = anyone, "optional" = anyone but the session is read, "staff", "admin". */
  auth: A;
  /** Under the staff two-factor policy; see TwoFactorGate (access.ts). */
  twoFactor?: TwoFactorGate;
  body?: ZodType<B>;
  /** How the body is read; "json" when a body schema is given, else "none". */
  bodyKind?: BodyKind;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  /** The feature's per-client junk budget (counted first), per-client budget and ceiling. */
  rateLimit?: ClientBudget;
  /**
   * Further limits once the input is valid (per e-mail address, per account), counted with the
   * per-client budget and before the ceiling, in one round trip. When one refuses, the units the
   * others took are given back: a refused request never counts toward a site-wide ceiling.
   */
  limits?: (input: { body: B; query: Q; params: P; user: UserFor<A> }) => RateLimitRule[];
  /**
   * "statement": the database limits are counted by the handler's own statement, one round trip
   * fewer (lib/rate-limit/in-statement.ts), and handed to it as `limits`. A handler that returns
   * without having counted them fails (code 13), so a forgotten count cannot pass unnoticed.
   */
  countLimitsIn?: C;
  /** Skips the Origin check: only for calls made by mail clients or schedulers, never browsers. */
  allowCrossOrigin?: boolean;
  /**
   * The most body bytes read (413 code 24 beyond it, see body-limit.ts); DEFAULT_MAX_BODY_BYTES
   * when left out. Set it on every route that takes a file.
   */
  maxBodyBytes?: number;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A route handler as Next.js calls it. */
export type RouteHandler = (req: Request, routeContext?: NextRouteContext) => Promise<Response>;

/** The methods a route file may implement; HEAD and OPTIONS Next.js answers by itself. */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** A handler that refuses its method, knowing which ones its route does implement. */
export type MethodNotAllowedHandler = RouteHandler & { readonly allow: readonly RouteMethod[] };

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
  const bad = unstorableTextAt(value);
  if (bad !== null) throw invalidField(bad.path, bad.problem);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(ErrorCode.INVALID_INPUT, { fields: zodFields(result.error) });
  }
  return result.data;
}

/**
 * Handlers for the methods a route file does not implement, so that they answer 405 in the error
 * envelope (code 14, with an Allow header) like every other refusal: left out, Next.js answers a
 * bare 405. A state-changing call from another origin gets 403 code 26 first, as it would from
 * an implemented method (no proxy checks the origin before routing). Every route file ends with
 * `export const { …the rest } = otherMethods(…its own)`; the robustness suite checks that each
 * file answers all five methods, that Allow is true, and that another origin meets the 403.
 */
export function otherMethods<const M extends RouteMethod>(
  ...implemented: M[]
): Record<Exclude<RouteMethod, M>, MethodNotAllowedHandler> {
  const allow = [...implemented];
  const header = [...allow, ...(allow.includes("GET" as M) ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = async (req: Request) => {
    const foreign = refuseForeignStateChange(req);
    if (foreign) return foreign;
    const response = errorResponse(
      new AppError(ErrorCode.NOT_FOUND, {
        kind: "method_not_allowed",
        message: "Method not allowed",
      }),
    );
    response.headers.set("allow", header);
    return response;
  };
  const handlers: Partial<Record<RouteMethod, MethodNotAllowedHandler>> = {};
  for (const method of ROUTE_METHODS) {
    if (!allow.includes(method as M)) handlers[method] = Object.assign(refuse, { allow });
  }
  return handlers as Record<Exclude<RouteMethod, M>, MethodNotAllowedHandler>;
}

/**
 * The junk unit of a request that failed before its limits were counted: counted now, and the
 * refusal answered instead of the failure when the budget is spent, as if counted first.
 */
async function countJunk(junk: RateLimitRule[], failure: unknown): Promise<unknown> {
  try {
    await enforceRateLimits(junk);
    return failure;
  } catch (refusal) {
    return refusal instanceof AppError ? refusal : failure;
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? {}, { headers: { "cache-control": "no-store" } });
}

/**
 * The one way to write an API route. Order matters and is fixed here (DESIGN §2): origin →
 * per-client junk budget → session, two-factor policy and admin → input validation → per-client
 * budget, the input's own limits and the site-wide ceiling → handler. An anonymous caller learns
 * nothing about a staff payload's shape, and malformed requests cannot spend an honest client's
 * budget. On an anonymous route the junk unit is counted in the round trip of the later limits
 * (judged first and never given back), or alone when the request fails before them: the same
 * outcome as counting it first, one round trip fewer. Domain errors become the error envelope;
 * anything unexpected becomes code 13 without details.
 */
export function route<
  A extends Auth,
  B = undefined,
  Q = undefined,
  P = undefined,
  C extends CountedBy = undefined,
>(
  options: RouteOptions<A, B, Q, P, C>,
  handler: (ctx: HandlerContext<A, B, Q, P, C>) => Promise<unknown> | unknown,
) {
  return async (req: Request, routeContext?: NextRouteContext): Promise<Response> => {
    let session: SessionContext | null = null;
    let junkPending: RateLimitRule[] = [];
    // The per-client units in memory this request took, and when (to give them back, below).
    let memoryTaken: { rules: RateLimitRule[]; at: Date } | null = null;
    try {
      if (!options.allowCrossOrigin && isForeignStateChange(req)) {
        throw new AppError(ErrorCode.ORIGIN_NOT_ALLOWED);
      }
      // Staff data is read only from the portal itself, whatever the method.
      if ((options.auth === "staff" || options.auth === "admin") && isCrossSiteRequest(req)) {
        throw new AppError(ErrorCode.ORIGIN_NOT_ALLOWED);
      }
      const ip = clientKey(req);
      const junk = options.rateLimit ? beforeValidationRules(options.rateLimit, ip) : [];
      // Without a session to look up, only parsing comes between the junk budget and the rest:
      // a valid request counts them all in one round trip, and a request that fails before
      // then counts its junk unit alone before it is answered (below).
      junkPending = options.auth === "none" ? junk : [];
      if (junkPending.length === 0) await enforceRateLimits(junk);

      session = await authorise(req, options.auth, options.twoFactor);

      const rawParams = routeContext ? await routeContext.params : {};
      const params = parseWith(options.params, rawParams);
      const url = new URL(req.url);
      const query = parseWith(options.query, queryOf(url, options.query !== undefined));
      const bodyKind = options.bodyKind ?? (options.body ? "json" : "none");
      const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const body = parseWith(options.body, await readBody(req, bodyKind, maxBodyBytes));
      const user = (session?.user ?? null) as UserFor<A>;
      const inputRules = options.limits?.({ body, query, params, user }) ?? [];
      const kept = junkPending;
      junkPending = [];
      const rules = options.rateLimit
        ? afterValidationRules(options.rateLimit, ip, inputRules)
        : inputRules;
      const countedAt = new Date();
      memoryTaken = {
        rules: [...kept, ...rules].filter((r) => r.store === "memory"),
        at: countedAt,
      };
      const limits =
        options.countLimitsIn === "statement"
          ? await limitsInStatement(rules, countedAt, kept)
          : await enforceRateLimits(rules, countedAt, kept).then(() => undefined);

      const result = await handler({
        req,
        body,
        query,
        params,
        user,
        session: session as SessionFor<A>,
        ip,
        limits: limits as HandlerContext<A, B, Q, P, C>["limits"],
      });
      if (limits && !limits.settled) {
        throw new Error("The handler returned without counting its rate limits");
      }
      return withRenewal(toResponse(result), req, session);
    } catch (thrown) {
      const error = junkPending.length > 0 ? await countJunk(junkPending, thrown) : thrown;
      if (error instanceof AppError) {
        const response = errorResponse(error);
        // No session after all: the browser's hint that there is one goes too (signed-in-hint.ts).
        if (
          error.code === ErrorCode.NOT_SIGNED_IN &&
          hasSignedInHint(req.headers.get("cookie") ?? "")
        ) {
          response.headers.append("set-cookie", clearedSignedInHintCookie());
        }
        return withRenewal(response, req, session);
      }
      logError("api", error, { method: req.method, path: new URL(req.url).pathname });
      // A dropped database connection fails the request as a whole: 503 says try again.
      if (isConnectionLost(error)) {
        // Nothing was done, and the caller is told to try again: a client retrying while the
        // database is away (the survey runner does, by itself) must not use up its budget.
        if (memoryTaken) await releaseRateLimits(memoryTaken.rules, memoryTaken.at);
        return errorResponse(
          new AppError(ErrorCode.UNKNOWN, { kind: "unavailable", retryAfterSeconds: 1 }),
        );
      }
      return withRenewal(errorResponse(new AppError(ErrorCode.UNKNOWN)), req, session);
    }
  };
}

/**
 * The session's new expiry, when this request moved it, goes to the browser with the answer,
 * whatever the answer: the database holds it already, and a refusal (a mistyped password, a
 * conflict) that kept it to itself would leave the cookie to expire before the session, signing
 * out someone still at work. An answer that sets cookies of its own (sign-in, sign-out) decides.
 */
function withRenewal(response: Response, req: Request, session: SessionContext | null): Response {
  if (session?.renewed && !response.headers.has("set-cookie")) {
    for (const cookie of sessionCookies(sessionTokenFrom(req)!, session.expiresAt)) {
      response.headers.append("set-cookie", cookie);
    }
  }
  return response;
}
