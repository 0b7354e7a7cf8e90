import { describe, expect, it } from "vitest";
import { jsonWithCookies } from "@/lib/auth/responses";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";

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
