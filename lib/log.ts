/**
 * Server logging. Callers pass only what is safe to keep: never tokens, passwords, codes,
 * survey answers or mail bodies. Errors are reduced to their name, message and stack.
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

export function logError(scope: string, error: unknown, fields?: Fields): void {
  const e = error instanceof Error ? error : new Error(String(error));
  console.error(line("error", scope, `${e.name}: ${e.message}`, fields));
  if (e.stack) console.error(e.stack);
}
