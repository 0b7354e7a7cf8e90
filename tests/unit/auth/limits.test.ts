import { describe, expect, it } from "vitest";
import * as limits from "@/lib/auth/limits";
import {
  afterValidationRules,
  beforeValidationRules,
  type ClientBudget,
} from "@/lib/rate-limit/client";
import type { RateLimitRule } from "@/lib/rate-limit/limiter";

const CLIENT = "c-client-key";
const EMAIL = "someone@example.org";
const USER_ID = 42;

// What each sign-in rule builder is documented to count (lib/auth/limits.ts): its counters'
// names, limits and windows. A counter's name is part of its stored key, so two rules sharing a
// name would share one counter and an empty name would merge unrelated limits.
const ruleBuilders: Record<string, { rules: () => RateLimitRule[]; expected: RateLimitRule[] }> = {
  loginRules: {
    rules: () => limits.loginRules(EMAIL, CLIENT),
    expected: [
      { feature: "login-client", subject: CLIENT, limit: 30, windowSeconds: 900 },
      { feature: "login-email", subject: EMAIL, limit: 5, windowSeconds: 900 },
      // Every caller's failures, counted last: a client refused by its own limit adds nothing.
      { feature: "login-failures-site", subject: "*", limit: 300, windowSeconds: 900 },
    ],
  },

  secondFactorClientRules: {
    rules: () => limits.secondFactorClientRules(CLIENT),
    expected: [
      { feature: "login-2fa-client", subject: CLIENT, limit: 30, windowSeconds: 900 },
      { feature: "login-2fa-failures-site", subject: "*", limit: 300, windowSeconds: 900 },
    ],
  },
  forgotPasswordAddressRules: {
    rules: () => limits.forgotPasswordAddressRules(EMAIL),
    expected: [{ feature: "forgot-email", subject: EMAIL, limit: 3, windowSeconds: 3600 }],
  },
  accountCheckRule: {
    rules: () => [limits.accountCheckRule(USER_ID)],
    expected: [{ feature: "account-check", subject: "42", limit: 10, windowSeconds: 900 }],
  },
};

const budgets: Record<string, ClientBudget> = {
  loginBudget: limits.loginBudget,
  secondFactorBudget: limits.secondFactorBudget,
  forgotPasswordBudget: limits.forgotPasswordBudget,
  resetPasswordBudget: limits.resetPasswordBudget,
};

describe("the sign-in rate-limit rules", () => {
  it("are all in the table below: every exported builder and budget", () => {
    const exported = Object.entries(limits);
    expect(
      exported
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => name)
        .sort(),
    ).toEqual(Object.keys(ruleBuilders).sort());
    expect(
      exported
        .filter(([, value]) => typeof value === "object")
        .map(([name]) => name)
        .sort(),
    ).toEqual(Object.keys(budgets).sort());
  });

  it.each(Object.entries(ruleBuilders))(
    "%s counts under its own name, limit and window",
    (_, { rules, expected }) => {
      expect(rules()).toEqual(expected);
    },
  );

  it("leave out the per-client counters when the client is unknown", () => {
    expect(limits.loginRules(EMAIL, "unknown").map((r) => r.feature)).toEqual([
      "login-email",
      "login-failures-site",
    ]);
    expect(limits.secondFactorClientRules("unknown").map((r) => r.feature)).toEqual([
      "login-2fa-failures-site",
    ]);
  });

  it("never share a counter: every name, the budgets' included, is distinct and non-empty", () => {
    const names = [
      ...Object.values(ruleBuilders).flatMap(({ rules }) => rules().map((r) => r.feature)),
      ...Object.values(budgets).flatMap((budget) =>
        [...beforeValidationRules(budget, CLIENT), ...afterValidationRules(budget, CLIENT)].map(
          (r) => r.feature,
        ),
      ),
    ];
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(names).size).toBe(names.length);
  });
});
