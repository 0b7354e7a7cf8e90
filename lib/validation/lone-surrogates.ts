import "server-only";

/**
 * Half of a UTF-16 surrogate pair without its other half: a high one not followed by a low one,
 * or a low one not preceded by a high one. JavaScript strings may hold one (`JSON.parse` lets
 * `"\ud800"` through), but it is no Unicode text: UTF-8 has no bytes for it and Postgres refuses
 * it in a `jsonb` value.
 */
const LONE_SURROGATE =
  "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const ANY = new RegExp(LONE_SURROGATE);
const EVERY = new RegExp(LONE_SURROGATE, "g");

export function hasLoneSurrogate(text: string): boolean {
  return ANY.test(text);
}

/** The text with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(EVERY, "\uFFFD");
}
