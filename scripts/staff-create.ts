import { fail, openScriptDatabase, parseOptions } from "./cli";
import { createStaffAccount } from "@/lib/auth/staff-users";
import { AppError } from "@/lib/errors/app-error";
import { readPassword } from "./read-password";

// npm run staff:create -- --email <e> [--name <n>] [--admin]
// Creates a verified staff account: the documented way to make the first admin. The password
// is typed at a prompt (or piped in), never given as an argument.
const usage = `Usage: npm run staff:create -- --email <address> [--name <name>] [--admin]

Asks for the password at a prompt (typed twice, not shown). When standard input is not a
terminal, its first line is the password:
  printf '%s\n' "$PASSWORD" | npm run staff:create -- --email you@example.org --admin
There is no --password option: arguments are kept in shell history and shown to every user
of the machine in the process list.

Uses DATABASE_URL when it is set (run npm run db:migrate first), otherwise the embedded
database in PGLITE_DIR. Stop the dev server first: the embedded database can be opened by
one process at a time, and opening it twice can damage it.`;

const args = parseOptions(
  {
    email: { type: "string" },
    name: { type: "string" },
    admin: { type: "boolean", default: false },
  },
  usage,
  1,
);
if (!args.email) fail(usage, 1);

let password: string;
try {
  password = await readPassword("Password: ", "Password again: ");
} catch (error) {
  fail((error as Error).message, 1);
}
if (!password) fail("No password given.", 1);

const database = await openScriptDatabase();

let exitCode = 0;
try {
  const user = await createStaffAccount({
    email: args.email,
    password,
    name: args.name,
    isAdmin: args.admin,
  });
  console.log(
    `Created ${user.isAdmin ? "admin" : "staff"} account ${user.email} (id ${user.id}) in the ${
      database.kind === "postgres" ? "Postgres" : "embedded"
    } database.`,
  );
} catch (error) {
  exitCode = 1;
  if (error instanceof AppError) {
    const details = error.fields ? Object.values(error.fields).join("; ") : "";
    console.error(
      `Not created (code ${error.code}): ${error.message}${details ? `: ${details}` : ""}`,
    );
  } else {
    // Drizzle wraps driver errors in a "Failed query" error that quotes the parameters (the
    // password hash among them): report only the driver's own error.
    const cause = ((error as { cause?: unknown })?.cause ?? error) as {
      code?: string;
      message?: string;
    };
    console.error(
      cause.code === "42P01"
        ? "The database has no tables yet: run npm run db:migrate first."
        : `Not created: ${cause.message ?? String(cause)}`,
    );
  }
} finally {
  await database.close();
}
process.exit(exitCode);
