import { describe, expect, it } from "vitest";
import { challengeCookie, clearedChallengeCookie } from "@/lib/auth/challenge";
import { jsonWithCookies } from "@/lib/auth/responses";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint.shared";
import { withEnv } from "../../support/config";

describe("the signed-in hint", () => {
  it("is found wherever it stands in a Cookie header, with or without spaces", () => {
    expect(SIGNED_IN_HINT_COOKIE).toBe("signed_in");
    expect(hasSignedInHint("signed_in=1")).toBe(true);
    expect(hasSignedInHint("a=b; signed_in=1")).toBe(true);
    expect(hasSignedInHint("a=b;signed_in=1 ;c=d")).toBe(true);
    expect(hasSignedInHint("a=b; signed_in=0")).toBe(false);
    expect(hasSignedInHint("not_signed_in=1")).toBe(false);
    expect(hasSignedInHint("")).toBe(false);
  });
});

describe("an answer that sets cookies", () => {
  it("is JSON, never cached, and carries every cookie", async () => {
    const response = jsonWithCookies({ ok: 1 }, ["a=1; Path=/", "b=2; Path=/"]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.json()).toEqual({ ok: 1 });
  });
});

describe("the sign-in challenge cookie", () => {
  // Five minutes, in seconds as Max-Age counts; sent only to the code step, never to scripts or
  // from another site.
  it("lives five minutes, only for the code step, HttpOnly and SameSite=Strict", () => {
    expect(challengeCookie("abc")).toBe(
      "login_challenge=abc; Path=/api/login_2fa; Max-Age=300; HttpOnly; SameSite=Strict",
    );
  });

  it("is cleared with the same attributes, so the browser replaces the one it holds", () => {
    expect(clearedChallengeCookie()).toBe(
      "login_challenge=; Path=/api/login_2fa; Max-Age=0; HttpOnly; SameSite=Strict",
    );
  });

  it("is Secure in production, set and cleared", async () => {
    await withEnv(
      {
        NODE_ENV: "production",
        APP_URL: "https://panel.example.org",
        MAIL_TRANSPORT: "log",
        MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
      },
      () => {
        expect(challengeCookie("abc")).toBe(
          "login_challenge=abc; Path=/api/login_2fa; Max-Age=300; HttpOnly; Secure; SameSite=Strict",
        );
        expect(clearedChallengeCookie()).toBe(
          "login_challenge=; Path=/api/login_2fa; Max-Age=0; HttpOnly; Secure; SameSite=Strict",
        );
      },
    );
  });
});
