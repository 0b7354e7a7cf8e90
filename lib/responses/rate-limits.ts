import "server-only";
import type { ClientBudget } from "@/lib/rate-limit/client";

/**
 * Submissions, against flooding a study with made-up responses. Anonymous submission writes no
 * per-client row to the database: a counter there, written beside a response, is what a
 * database reader could line up with a member's rows. Its per-client and junk budgets live in
 * each instance's memory (per instance by design); only the site-wide ceiling is in Postgres,
 * set well above what a mail-out to the whole panel brings in. Per client generous, because
 * people at one place (a school, a shelter) may share an address.
 */
export const submitBudget: ClientBudget = {
  feature: "survey-submit",
  windowSeconds: 3600,
  siteWide: 2000,
  junkPerClient: 200,
  perClient: 60,
  clientStore: "memory",
};

/**
 * Token look-ups and deletions, sharing one budget: tokens have 160 bits, so this only blunts
 * floods.
 */
export const responseTokenBudget: ClientBudget = {
  feature: "survey-token",
  windowSeconds: 15 * 60,
  siteWide: 300,
  junkPerClient: 90,
  perClient: 30,
};
