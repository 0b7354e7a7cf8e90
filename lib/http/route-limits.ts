import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { afterValidationRules, type ClientBudget } from "@/lib/rate-limit/client";
import { enforceRateLimits, releaseRateLimits, type RateLimitRule } from "@/lib/rate-limit/limiter";

/**
 * A route's limits once its input is valid: its budget's per-client rule and ceiling now, and
 * the `limit` its handler calls for further ones (per address, per account). When one of those
 * refuses, the units the budget took are given back, so a refused request never counts toward
 * the ceiling.
 */
export async function routeLimits(
  budget: ClientBudget | undefined,
  client: string,
): Promise<(rules: RateLimitRule[]) => Promise<void>> {
  const takenAt = new Date();
  const taken = budget
    ? await enforceRateLimits(afterValidationRules(budget, client), takenAt)
    : [];
  return async (rules) => {
    try {
      await enforceRateLimits(rules);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.RATE_LIMITED) {
        await releaseRateLimits(taken, takenAt);
      }
      throw error;
    }
  };
}
