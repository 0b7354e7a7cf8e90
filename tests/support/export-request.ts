import { GET as exportRoute } from "@/app/api/study/[id]/responses/export/route";
import { APP_ORIGIN } from "./http";

/**
 * GET /api/study/{id}/responses/export through the route, with `cookie` (none for null): the
 * streamed Response itself, as the browser gets it. A HEAD goes to the same handler, as Next.js
 * hands it over.
 */
export function exportRequest(
  studyId: number,
  query = "",
  cookie: string | null = null,
  method: "GET" | "HEAD" = "GET",
) {
  const headers = new Headers({ "x-forwarded-for": "203.0.113.7" });
  if (cookie) headers.set("cookie", cookie);
  const req = new Request(`${APP_ORIGIN}/api/study/${studyId}/responses/export${query}`, {
    method,
    headers,
  });
  return exportRoute(req, { params: Promise.resolve({ id: String(studyId) }) });
}
