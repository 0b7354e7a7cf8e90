import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig, parseConfig, type AppConfig } from "@/config";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as whoami from "@/app/api/whoami/route";
import { call } from "../../support/http";
import { account, PASSWORD, quietLogs } from "../../support/auth";

quietLogs();

// This file runs with the configuration a production server would have: the configuration is
// parsed once per process and kept under a global symbol, so it is replaced there for this file
// (each test file runs in its own worker) and put back afterwards.
const slot = Symbol.for("research-panel.config");
const store = globalThis as unknown as Record<symbol, AppConfig | undefined>;
const ORIGIN = "https://panel.example.org";
let saved: AppConfig | undefined;

beforeAll(() => {
  saved = getConfig();
  store[slot] = parseConfig({
    ...process.env,
    NODE_ENV: "production",
    APP_URL: ORIGIN,
    MAIL_TRANSPORT: "log",
    MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
  });
});
afterAll(() => {
  store[slot] = saved;
});

function cookieLine(setCookies: string[], name: string) {
  return setCookies.find((c) => c.startsWith(`${name}=`));
}

describe("the session cookie in production", () => {
  it("is __Host-session: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    expect(getConfig().isProduction).toBe(true);
    const { email } = await account();
    const res = await call(login.POST, {
      body: { email, password: PASSWORD },
      origin: ORIGIN,
    });
    expect(res.status).toBe(200);
    expect(cookieLine(res.setCookies, "session")).toBeUndefined();
    const line = cookieLine(res.setCookies, "__Host-session")!;
    expect(line).toBeDefined();
    const attributes = line
      .split(";")
      .slice(1)
      .map((a) => a.trim().split("=")[0].toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "path", "expires"]));
    expect(line).toContain("Path=/;");
    expect(line).toContain("SameSite=Lax");
    expect(attributes).not.toContain("domain");

    const cookie = line.split(";")[0];
    expect((await call(whoami.GET, { cookie })).status).toBe(200);
    // The development name is not read in production: a cookie set by a sibling subdomain
    // without the prefix's guarantees is not a session.
    const token = cookie.slice("__Host-session=".length);
    expect((await call(whoami.GET, { cookie: `session=${token}` })).status).toBe(401);
    // Nor is a second one beside it.
    expect(
      (await call(whoami.GET, { cookie: `${cookie}; __Host-session=${"b".repeat(32)}` })).status,
    ).toBe(401);

    const out = await call(logout.POST, { cookie, body: {}, origin: ORIGIN });
    const cleared = cookieLine(out.setCookies, "__Host-session")!;
    expect(cleared).toContain("Max-Age=0");
    expect(cleared).toContain("Secure");
    expect(cleared).toContain("Path=/");
    expect((await call(whoami.GET, { cookie })).status).toBe(401);
  });
});
