import "server-only";

/** A JSON answer that also sets cookies (sign-in, sign-out); never cached. */
export function jsonWithCookies(body: unknown, cookies: string[]): Response {
  const headers = new Headers({ "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return Response.json(body, { headers });
}
