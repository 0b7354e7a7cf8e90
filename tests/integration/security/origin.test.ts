import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getConfig } from "@/config";
import * as unknownApi from "@/app/api/[...path]/route";
import { otherMethods, route } from "@/lib/http/handler";
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

const methods = ["POST", "PUT", "PATCH", "DELETE"] as const;
// What answers when no handler of a route does: the catch-all for unknown paths, and a route
// file's refusing handlers for the methods it does not implement (here those of a GET-only one).
const withoutHandler = methods.flatMap((method) => [
  { method, path: "/api/no/such/path", handler: unknownApi[method], usual: 404 },
  { method, path: "/api/whoami", handler: otherMethods("GET")[method], usual: 405 },
]);

describe(`paths and methods without a handler (TRUST_PROXY=${proxied ? 1 : 0})`, () => {
  it.each(withoutHandler)(
    "$method $path answers a foreign or missing Origin with 403 code 26",
    async ({ method, path, handler }) => {
      for (const origin of ["https://evil.example", null]) {
        const res = await call(handler, { method, path, origin, body: { a: 1 } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: { code: 26, message: "Request origin not allowed" } });
      }
    },
  );

  it.each(withoutHandler)(
    "$method $path answers its own origin as usual",
    async ({ method, path, handler, usual }) => {
      const res = await call(handler, { method, path, body: { a: 1 } });
      expect(res.status).toBe(usual);
      expect(res.body.error.code).toBe(14);
    },
  );

  it("answers reads without an Origin as usual", async () => {
    const res = await call(unknownApi.GET, { method: "GET", path: "/api/nope", origin: null });
    expect(res.status).toBe(404);
  });

  it(`${proxied ? "believes" : "ignores"} X-Forwarded-Host`, async () => {
    const res = await call(unknownApi.POST, {
      method: "POST",
      path: "/api/no/such/path",
      origin: "https://panel.example.org",
      host: "10.0.0.5:3000",
      headers: { "x-forwarded-host": "panel.example.org", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(proxied ? 404 : 403);
  });
});
