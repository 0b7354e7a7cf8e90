import { parseArgs, type ParseArgsConfig } from "node:util";
import { getConfig } from "@/config";
import { installDatabase, openPglite, openPostgres, type Database } from "@/db/client";

/** Prints `message` to stderr and ends the script with `exitCode`. */
export function fail(message: string, exitCode: number): never {
  console.error(message);
  process.exit(exitCode);
}

/**
 * The script's options, strictly parsed: `--help` (or `-h`) prints `usage` and ends the script
 * with 0; an unknown or malformed option prints what is wrong and `usage`, and ends it with
 * `failCode`.
 */
export function parseOptions<const T extends NonNullable<ParseArgsConfig["options"]>>(
  options: T,
  usage: string,
  failCode: number,
) {
  const config = {
    options: { ...options, help: { type: "boolean", short: "h", default: false } },
    strict: true,
  } as const;
  let values: ReturnType<typeof parseArgs<typeof config>>["values"];
  try {
    values = parseArgs(config).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`, failCode);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/**
 * The database the app would use (DATABASE_URL, else the embedded one in PGLITE_DIR), installed
 * as the one the domain functions reach. The caller closes it.
 */
export async function openScriptDatabase(): Promise<Database> {
  const config = getConfig();
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, 1)
    : await openPglite(config.pgliteDir);
  installDatabase(database);
  return database;
}
