import path from "node:path";
import { ROUTE_METHODS, type RouteHandler, type RouteMethod } from "@/lib/http/handler";
import { filesNamed } from "../files-named";

/** One route file under app/api, as found on disk, with what it exports per method. */
export type RouteFile = {
  /** The path as in app/api, with its [segments], e.g. "/api/study/[id]". */
  route: string;
  /** The names of its dynamic segments, e.g. ["id"]; a catch-all is listed with "...". */
  segments: string[];
  implemented: RouteMethod[];
  /** Methods answered by `otherMethods`, with the Allow list each handler carries. */
  refused: { method: RouteMethod; allow: readonly string[] }[];
  /** Methods the file does not export at all (Next.js would answer a bare 405). */
  missing: RouteMethod[];
  handlers: Partial<Record<RouteMethod, RouteHandler>>;
};

const apiRoot = path.resolve(__dirname, "../../../app/api");

/** Every route file under app/api, imported: new routes are found without being listed. */
export async function discoverRouteFiles(): Promise<RouteFile[]> {
  const found: RouteFile[] = [];
  for (const file of filesNamed(apiRoot, "route.ts").sort()) {
    const rel = path.relative(apiRoot, path.dirname(file)).split(path.sep).filter(Boolean);
    const segments = rel.flatMap((s) => {
      const m = s.match(/^\[(\.\.\.)?(.+)\]$/);
      return m ? [m[1] ? `...${m[2]}` : m[2]] : [];
    });
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const entry: RouteFile = {
      route: ["/api", ...rel].join("/"),
      segments,
      implemented: [],
      refused: [],
      missing: [],
      handlers: {},
    };
    for (const method of ROUTE_METHODS) {
      const handler = mod[method];
      if (typeof handler !== "function") {
        entry.missing.push(method);
        continue;
      }
      entry.handlers[method] = handler as RouteHandler;
      const allow = (handler as { allow?: readonly string[] }).allow;
      if (allow) entry.refused.push({ method, allow });
      else entry.implemented.push(method);
    }
    found.push(entry);
  }
  return found;
}

/** "/api/study/[id]/attachments/[attachmentId]" with the given values in place of segments. */
export function fillPath(route: string, params: Record<string, string | string[]>): string {
  return route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => {
    const value = params[name];
    return Array.isArray(value)
      ? value.map(encodeURIComponent).join("/")
      : encodeURIComponent(value ?? "");
  });
}
