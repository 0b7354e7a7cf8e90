import { describe, expect, it } from "vitest";
import { stopLinks, stopTokenFor, verificationLink } from "@/lib/links/panel";
import {
  newStopNonce,
  newVerificationToken,
  stopTokenMatches,
  verificationTokenMatches,
} from "@/lib/panel/tokens";

describe("verification tokens", () => {
  it("carry 160 random bits and only their SHA-256 is meant for storage", () => {
    const a = newVerificationToken();
    const b = newVerificationToken();
    expect(a.token).toMatch(/^[a-z2-7]{32}$/);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.token).not.toBe(b.token);
    expect(verificationTokenMatches(a.token, a.hash)).toBe(true);
    expect(verificationTokenMatches(b.token, a.hash)).toBe(false);
    expect(verificationTokenMatches(a.token, null)).toBe(false);
    expect(verificationTokenMatches("", a.hash)).toBe(false);
  });
});

describe("stop tokens", () => {
  it("are derived from the member id and nonce, the same every time", () => {
    const member = { id: 42, stopNonce: newStopNonce() };
    const token = stopTokenFor(member);
    expect(token).toMatch(/^[0-9a-f]{8}\.[0-9a-f]{64}$/);
    expect(stopTokenFor({ ...member })).toBe(token);
    expect(stopTokenMatches(member, token)).toBe(true);
  });

  it("do not carry over to another member or another nonce", () => {
    const member = { id: 42, stopNonce: "nonce-a" };
    const token = stopTokenFor(member);
    expect(stopTokenMatches({ id: 43, stopNonce: "nonce-a" }, token)).toBe(false);
    expect(stopTokenMatches({ id: 42, stopNonce: "nonce-b" }, token)).toBe(false);
    expect(stopTokenMatches(member, token.slice(0, -1))).toBe(false);
    expect(stopTokenMatches(member, token.toUpperCase())).toBe(false);
    // "4" + "2:x" and "42" + ":x" must not collide: the separator is part of the input.
    expect(stopTokenFor({ id: 4, stopNonce: "2:nonce-a" })).not.toBe(token);
  });
});

describe("links and rate keys", () => {
  it("point at the site's pages and the one-click endpoint", () => {
    const member = { id: 7, stopNonce: "n" };
    const links = stopLinks(member);
    const page = new URL(links.page);
    expect(page.origin + page.pathname).toBe("http://localhost:3000/stop-participation");
    // The page link carries the token in its fragment, never in the query.
    expect(page.search).toBe("");
    expect(Object.fromEntries(new URLSearchParams(page.hash.slice(1)))).toEqual({
      panel_user_id: "7",
      stop_token: stopTokenFor(member),
    });
    // The one-click target is a POST address for mail clients: it keeps the query.
    const oneClick = new URL(links.oneClick);
    expect(oneClick.pathname).toBe("/api/panel_user/unsubscribe");
    expect(oneClick.hash).toBe("");
    expect(`#${oneClick.search.slice(1)}`).toBe(page.hash);
    expect(verificationLink(7, "abc")).toBe(
      "http://localhost:3000/verify-email#panel_user_id=7&verification_token=abc",
    );
  });
});
