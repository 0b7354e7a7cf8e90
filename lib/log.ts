import "server-only";

/**
 * Server logging. Callers pass only what is safe to keep: never tokens, passwords, codes,
 * survey answers or mail bodies. Errors are reduced further here, because some carry personal
 * data in their message: a failed query quotes its SQL parameters (e-mail addresses, hashes,
 * ciphertext) and a mail provider's error may quote the recipient.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;

function line(level: string, scope: string, message: string, fields?: Fields): string {
  return JSON.stringify({ t: new Date().toISOString(), level, scope, message, ...fields });
}

export function logInfo(scope: string, message: string, fields?: Fields): void {
  console.log(line("info", scope, message, fields));
}

export function logWarn(scope: string, message: string, fields?: Fields): void {
  console.warn(line("warn", scope, message, fields));
}

type ErrorLike = Error & {
  query?: unknown;
  params?: unknown;
  code?: unknown;
  constraint_name?: unknown;
  constraint?: unknown;
  statusCode?: unknown;
  retryable?: unknown;
  cause?: unknown;
};

/** Stack frames only: the first line of a stack repeats the message. */
function framesOf(e: Error): string | undefined {
  const frames = e.stack?.split("\n").filter((l) => /^\s+at /.test(l));
  return frames && frames.length > 0 ? frames.join("\n") : undefined;
}

/** What may be written about an error: its kind and codes, its message only when it is ours. */
export function describeError(error: unknown): { message: string; fields: Fields } {
  const e = (error instanceof Error ? error : new Error(String(error))) as ErrorLike;
  const isQueryError = "query" in e || "params" in e;
  if (isQueryError) {
    // Database driver errors name their SQLSTATE and constraint; their texts may quote values.
    const cause = (e.cause ?? {}) as ErrorLike;
    return {
      message: `${e.name}: database query failed`,
      fields: {
        dbError: typeof cause.name === "string" ? cause.name : null,
        sqlState: typeof cause.code === "string" ? cause.code : null,
        constraint:
          typeof cause.constraint_name === "string"
            ? cause.constraint_name
            : typeof cause.constraint === "string"
              ? cause.constraint
              : null,
      },
    };
  }
  if (e.name === "MailSendError") {
    return {
      message: `${e.name}: the mail provider refused or failed`,
      fields: {
        providerStatus: typeof e.statusCode === "number" ? e.statusCode : null,
        retryable: typeof e.retryable === "boolean" ? e.retryable : null,
      },
    };
  }
  if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
    // A driver error thrown without the ORM's wrapper.
    return { message: `${e.name}: database error`, fields: { sqlState: e.code } };
  }
  return { message: `${e.name}: ${e.message}`, fields: {} };
}

export function logError(scope: string, error: unknown, fields?: Fields): void {
  const described = describeError(error);
  console.error(line("error", scope, described.message, { ...described.fields, ...fields }));
  const frames = error instanceof Error ? framesOf(error) : undefined;
  if (frames) console.error(frames);
}
