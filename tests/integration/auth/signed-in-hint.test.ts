import { describe, expect, it } from "vitest";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as whoami from "@/app/api/whoami/route";
import { call, cookieFrom } from "../../support/http";
import { account, PASSWORD } from "../../support/auth";

/**
 * The non-secret `signed_in` hint lets public pages skip /api/whoami for anonymous visitors:
 * it comes with the session, goes at logout, and goes whenever a request finds no session.
 */
describe("the signed-in hint cookie", () => {
  it("is set with the session at sign-in, readable by scripts, with the session's expiry", async () => {
    const { email } = await account();
    const res = await call(login.POST, { body: { email, password: PASSWORD }, ip: "192.0.2.71" });
    expect(res.status).toBe(200);
    const hint = res.setCookies.find((c) => c.startsWith("signed_in="));
    const session = res.setCookies.find((c) => c.startsWith("session="));
    expect(hint).toMatch(/^signed_in=1; Path=\/; Expires=/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(session).toMatch(/HttpOnly/);
    const expires = (line: string) => /Expires=([^;]+)/.exec(line)![1];
    expect(expires(hint!)).toBe(expires(session!));
  });

  it("is cleared at logout together with the session", async () => {
    const { email } = await account();
    const signedIn = await call(login.POST, {
      body: { email, password: PASSWORD },
      ip: "192.0.2.72",
    });
    const cookie = [
      cookieFrom(signedIn.setCookies, "session"),
      cookieFrom(signedIn.setCookies, "signed_in"),
    ].join("; ");
    const res = await call(logout.POST, { body: {}, cookie });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith("signed_in="))).toMatch(/Max-Age=0/);
    expect(res.setCookies.find((c) => c.startsWith("session="))).toMatch(/Max-Age=0/);
  });

  it("is cleared when /api/whoami finds no session, and left alone when there was none", async () => {
    const stale = await call(whoami.GET, { cookie: "signed_in=1; session=gone" });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: { code: 25, message: "Not signed in" } });
    expect(stale.setCookies).toEqual([expect.stringMatching(/^signed_in=; .*Max-Age=0/)]);

    const anonymous = await call(whoami.GET, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.setCookies).toEqual([]);
  });
});
