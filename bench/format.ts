/** Figures as the bench prints them. */

export const fmt = (n: number, digits = 0) => n.toFixed(digits);

/**
 * A ratio as a whole percentage, cut off rather than rounded: a figure printed beside a budget
 * must not read as met when it is not (79.7 % of a floor is "79 %", never "80 %" beside a budget
 * of 80 %). The small allowance keeps a ratio that is exactly whole (0.29 × 100 is
 * 28.999999999999996 in floating point) at its own value.
 */
export const pct = (a: number, b: number) => `${cutOff((a / b) * 100, 0)} %`;

/** A figure with a lower budget (a rate ≥ 0.9 of the configured one), cut off to `digits`. */
export function cutOff(x: number, digits: number): string {
  const scale = 10 ** digits;
  return (Math.floor(x * scale + 1e-9) / scale).toFixed(digits);
}

/**
 * A figure with an upper budget (at most 2×, within 10 %), rounded up to `digits` for the same
 * reason. A strict upper budget (under 20 ms) takes `cutOff` instead: 19.96 is "19.9", not
 * "20.0".
 */
export function roundUp(x: number, digits: number): string {
  const scale = 10 ** digits;
  return (Math.ceil(x * scale - 1e-9) / scale).toFixed(digits);
}

/**
 * A multiple of a floor (a p99 beside the floor's) to two decimals, rounded up: 2.004× beside a
 * budget of at most 2× prints as "2.01×", never "2.00×".
 */
export const times = (x: number) => `${roundUp(x, 2)}×`;
