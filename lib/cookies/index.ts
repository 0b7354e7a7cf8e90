import "server-only";

/** Every value a request's Cookie header carries for `name`, in the order sent. */
function cookieValues(req: Request, name: string): (string | undefined)[] {
  const header = req.headers.get("cookie");
  if (!header) return [];
  const values: (string | undefined)[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        values.push(decodeURIComponent(raw));
      } catch {
        values.push(undefined);
      }
    }
  }
  return values;
}

/** Reads one cookie from a request's Cookie header (the first of that name). */
export function readCookie(req: Request, name: string): string | undefined {
  return cookieValues(req, name)[0];
}

/**
 * Reads a cookie that must arrive exactly once. Two of the same name mean someone else (a
 * sibling subdomain, a script on another path) has planted one beside ours, and the browser
 * does not say which is which: neither is believed.
 */
export function readUniqueCookie(req: Request, name: string): string | undefined {
  const values = cookieValues(req, name);
  return values.length === 1 ? values[0] : undefined;
}

export type CookieOptions = {
  maxAgeSeconds?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict";
  path?: string;
};

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? "/"}`];
  if (o.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(o.maxAgeSeconds)}`);
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`);
  if (o.httpOnly ?? true) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  parts.push(`SameSite=${o.sameSite ?? "Lax"}`);
  return parts.join("; ");
}
