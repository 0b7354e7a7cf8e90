import { describe, expect, it } from "vitest";
import {
  oneClickBodySchema,
  panelSignupSchema,
  panelUserListQuerySchema,
  verifyEmailSchema,
} from "@/lib/panel/schemas.shared";

describe("panel schemas", () => {
  it("normalise a sign-up address and refuse malformed ones", () => {
    expect(panelSignupSchema.parse({ email: " A.B@Example.Org " })).toEqual({
      email: "a.b@example.org",
    });
    for (const email of ["", "a", "a@", "@b.nl", "a b@c.nl", `${"x".repeat(250)}@a.nl`]) {
      expect(panelSignupSchema.safeParse({ email }).success, email).toBe(false);
    }
  });

  it("default the list to page 1 of 10 and bound per_page at 100", () => {
    expect(panelUserListQuerySchema.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(panelUserListQuerySchema.parse({ page: "3", per_page: "100" })).toEqual({
      page: 3,
      per_page: 100,
    });
    for (const q of [
      { page: "0" },
      { page: "-2" },
      { per_page: "101" },
      { per_page: "1000" },
      { per_page: "0" },
    ]) {
      expect(panelUserListQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });

  it("take a member id as a number or digits only", () => {
    const ok = (id: unknown) =>
      verifyEmailSchema.safeParse({ panel_user_id: id, verification_token: "t" }).success;
    expect(ok(5)).toBe(true);
    expect(ok("5")).toBe(true);
    expect(
      verifyEmailSchema.parse({ panel_user_id: "5", verification_token: "t" }).panel_user_id,
    ).toBe(5);
    for (const bad of [0, -1, 1.5, "5a", "", "99999999999", null, true])
      expect(ok(bad), String(bad)).toBe(false);
  });

  it("accept only the RFC 8058 one-click body", () => {
    expect(oneClickBodySchema.safeParse({ "List-Unsubscribe": "One-Click" }).success).toBe(true);
    expect(oneClickBodySchema.safeParse({ "List-Unsubscribe": "one-click" }).success).toBe(false);
    expect(oneClickBodySchema.safeParse({}).success).toBe(false);
  });
});
