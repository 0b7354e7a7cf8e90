import path from "node:path";
import { call } from "./http";
import { filesNamed } from "./files-named";

/**
 * Every method a route file under app/api exports, found on disk, for the table-driven access
 * tests. Keys are "<METHOD> <path as in app/api, with its [segments]>".
 */
export type Endpoint = {
  key: string;
  method: string;
  route: string;
  handler: Parameters<typeof call>[0];
  params: Record<string, string | string[]>;
};

// The access-control table (tests/integration/access-control.test.ts checks it against the
// route files): what anyone may call, and what only admins may.
export const publicList = [
  "GET /api/health",
  // Unknown paths answer 404 code 14 in the envelope.
  "GET /api/[...path]",
  "POST /api/[...path]",
  "PUT /api/[...path]",
  "PATCH /api/[...path]",
  "DELETE /api/[...path]",
  // Signing in and out, and getting back in.
  "POST /api/login",
  "POST /api/login_2fa",
  "POST /api/logout",
  "POST /api/forgot_password",
  "POST /api/reset_password",
  // Panel members (by mail link) and the public site.
  "POST /api/panel_user",
  "POST /api/panel_user/verify_email",
  "POST /api/panel_user/stop_participation",
  "POST /api/panel_user/unsubscribe",
  "GET /api/panel_user/unsubscribe",
  // Authorised by the cron secret instead of a session.
  "GET /api/cron/deliver",
  "POST /api/cron/deliver",
  // The mail provider's events: authorised by their signature.
  "POST /api/webhooks/resend",
  "GET /api/study/open",
  "GET /api/study/finished",
  // Studies and their attachments: public while open or finished, staff-only otherwise.
  "GET /api/study/[id]",
  "GET /api/study/[id]/attachments",
  "GET /api/study/[id]/attachments/[attachmentId]",
  // Images of rich text, shown in public descriptions and in mails.
  "GET /api/editor_image/[id]",
  "GET /api/survey/[surveyUuid]",
  "POST /api/survey/[surveyUuid]/submit",
  "POST /api/survey/response/lookup",
  "POST /api/survey/response/delete",
];

export const adminList = [
  "GET /api/staff",
  "POST /api/staff",
  "PUT /api/staff/[id]",
  "DELETE /api/staff/[id]",
  "POST /api/staff/[id]/resend_invite",
  "POST /api/staff/[id]/reset_2fa",
  "DELETE /api/panel_user/[id]",
  "DELETE /api/study/[id]",
  "POST /api/panel_message/[id]/send",
  "POST /api/panel_message/[id]/cancel",
];

export const publicEndpoints: ReadonlySet<string> = new Set(publicList);
export const adminEndpoints: ReadonlySet<string> = new Set(adminList);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiRoot = path.resolve(__dirname, "../../app/api");

export async function discoverEndpoints(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const file of filesNamed(apiRoot, "route.ts").sort()) {
    const rel = path.relative(apiRoot, path.dirname(file)).split(path.sep).filter(Boolean);
    const route = ["/api", ...rel].join("/");
    // Any value will do: access is decided before parameters are looked at.
    const params: Record<string, string | string[]> = {};
    for (const segment of rel) {
      const catchAll = segment.match(/^\[\.\.\.(.+)\]$/);
      const dynamic = segment.match(/^\[(.+)\]$/);
      if (catchAll) params[catchAll[1]] = ["anything"];
      else if (dynamic) params[dynamic[1]] = "1";
    }
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of METHODS) {
      // Methods a route lacks answer 405 (otherMethods); the robustness suite covers them.
      if (typeof mod[method] === "function" && !("allow" in (mod[method] as object))) {
        endpoints.push({
          key: `${method} ${route}`,
          method,
          route,
          handler: mod[method] as Endpoint["handler"],
          params,
        });
      }
    }
  }
  return endpoints;
}

/** Calls an endpoint with any parameters, as `cookie`'s holder, with an empty body. */
export function callEndpoint(e: Endpoint, cookie?: string) {
  const url = e.route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "1");
  return call(e.handler, {
    method: e.method,
    path: url,
    params: e.params,
    cookie,
    ...(e.method === "GET" ? {} : { body: {} }),
  });
}

/** The entries of a table that appear more than once. */
export function duplicates(list: readonly string[]): string[] {
  return list.filter((key, i) => list.indexOf(key) !== i);
}
