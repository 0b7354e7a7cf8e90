import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getConfig } from "@/config";
import { route } from "@/lib/http/handler";
import { proxy } from "@/proxy";
import { call } from "../../support/http";

// Runs in both proxy modes (vitest projects "integration" with TRUST_PROXY=1 and
// "integration-direct" with TRUST_PROXY=0).
const proxied = getConfig().trustProxy;

const echo = route({ auth: "none", body: z.object({ name: z.string() }) }, ({ body }) => ({
  hello: body.name,
}));

const post = (o: Parameters<typeof call>[1]) => call(echo, { body: { name: "Ann" }, ...o });

describe(`the origin check (TRUST_PROXY=${proxied ? 1 : 0})`, () => {
  it("accepts the app's own origin", async () => {
    expect((await post({})).status).toBe(200);
  });

  it("accepts an Origin that matches the Host the request was addressed to", async () => {
    const res = await post({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" });
    expect(res.status).toBe(200);
  });

  it("refuses a foreign Origin even though the request names a Host", async () => {
    for (const origin of [
      "https://evil.example",
      "http://localhost:3001",
      "https://localhost:3000",
    ]) {
      const res = await post({ origin, host: "localhost:3000" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 26, message: "Request origin not allowed" } });
    }
  });

  it("refuses an Origin matching the Host under another scheme", async () => {
    const res = await post({ origin: "https://127.0.0.1:3000", host: "127.0.0.1:3000" });
    expect(res.status).toBe(403);
  });

  it("refuses a request with neither Origin nor Referer", async () => {
    expect((await post({ origin: null })).status).toBe(403);
  });

  it(
    proxied
      ? "believes X-Forwarded-Host and -Proto from our proxy"
      : "ignores X-Forwarded-Host and -Proto, which only a client could have sent",
    async () => {
      const res = await post({
        origin: "https://panel.example.org",
        host: "10.0.0.5:3000",
        headers: { "x-forwarded-host": "panel.example.org", "x-forwarded-proto": "https" },
      });
      expect(res.status).toBe(proxied ? 200 : 403);
    },
  );

  it("refuses a foreign Origin whatever X-Forwarded-Host says it is not", async () => {
    const res = await post({
      origin: "https://evil.example",
      headers: { "x-forwarded-host": "panel.example.org", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(403);
  });
});

function proxyRequest(
  path: string,
  o: { method?: string; origin?: string; host?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(o.headers);
  if (o.origin) headers.set("origin", o.origin);
  headers.set("host", o.host ?? "localhost:3000");
  return new NextRequest(`http://localhost:3000${path}`, { method: o.method ?? "POST", headers });
}

/** NextResponse.next() lets the request through to the route; anything else is an answer. */
const passesThrough = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe(`proxy.ts on /api (TRUST_PROXY=${proxied ? 1 : 0})`, () => {
  it("passes a same-origin POST on to the route", () => {
    expect(
      passesThrough(proxy(proxyRequest("/api/panel_user", { origin: "http://localhost:3000" }))),
    ).toBe(true);
  });

  it("answers a foreign POST itself with 403 code 26, even on a path without a handler", async () => {
    for (const path of ["/api/panel_user", "/api/no/such/path"]) {
      const res = proxy(proxyRequest(path, { origin: "https://evil.example" }));
      expect(passesThrough(res)).toBe(false);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 26, message: "Request origin not allowed" },
      });
    }
  });

  it("lets reads and the mail clients' one-click unsubscribe through without an Origin", () => {
    expect(passesThrough(proxy(proxyRequest("/api/whoami", { method: "GET" })))).toBe(true);
    expect(passesThrough(proxy(proxyRequest("/api/panel_user/unsubscribe")))).toBe(true);
    expect(passesThrough(proxy(proxyRequest("/api/panel_user")))).toBe(false);
  });

  it(`${proxied ? "believes" : "ignores"} X-Forwarded-Host`, () => {
    const res = proxy(
      proxyRequest("/api/panel_user", {
        origin: "https://panel.example.org",
        host: "10.0.0.5:3000",
        headers: { "x-forwarded-host": "panel.example.org", "x-forwarded-proto": "https" },
      }),
    );
    expect(passesThrough(res)).toBe(proxied);
  });
});
