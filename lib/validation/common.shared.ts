import { z } from "zod";
import { locales } from "@/lib/i18n/locales.shared";

/**
 * The building blocks every payload schema uses, in one place so a route and the form that
 * calls it can never disagree about what an address, an id or a language looks like. Shared
 * with the browser: zod only, nothing that reaches the server.
 */

/** The largest value of a Postgres `integer` (serial ids). */
export const MAX_INT4 = 2_147_483_647;

/** The texts an e-mail field shows; forms pass their translated ones. */
export type EmailTexts = { required: string; invalid: string };

const englishEmailTexts: EmailTexts = {
  required: "Please enter your email address",
  invalid: "Please enter a valid email address",
};

/** An e-mail address, trimmed and lower-cased (addresses are stored and compared that way). */
export function emailSchema(texts: EmailTexts = englishEmailTexts) {
  return z
    .string(texts.required)
    .trim()
    .toLowerCase()
    .min(1, texts.required)
    .max(254, texts.invalid)
    .pipe(z.email(texts.invalid));
}

/**
 * A whole number from a path or query string, written as plain digits only: "1e3", " 1",
 * "0x10", "1.0" and "+1" are refused rather than coerced into some other number.
 */
export function digitsSchema({ min = 0, max = MAX_INT4 }: { min?: number; max?: number } = {}) {
  return z
    .string()
    .regex(/^\d{1,10}$/, "Expected a whole number written in digits")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A row id from a path or query string: digits only, 1 up to the `integer` range. */
export const idSchema = digitsSchema({ min: 1 });

/** A row id that may also arrive as a JSON number (a body may send either). */
export const idOrNumberSchema = z
  .union([z.number(), idSchema])
  .pipe(z.number().int().min(1).max(MAX_INT4));

/** `{ id }` route parameters, e.g. /api/staff/{id}. */
export const idParamsSchema = z.object({ id: idSchema });

/** A UUID in any case, normalised to lower case (as Postgres prints it). */
export const uuidSchema = z.guid("Expected a UUID").transform((v) => v.toLowerCase());

/** One of the site's languages. */
export const localeSchema = z.enum(locales);
