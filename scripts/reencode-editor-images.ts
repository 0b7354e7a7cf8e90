import { getConfig } from "@/config";
import { installDatabase, openPglite, openPostgres } from "@/db/client";
import { reencodeStoredEditorImages } from "@/lib/editor-images/reencode-stored";

// npm run images:reencode
// Re-encodes the editor images stored before uploads were re-encoded: upright, same format, no
// metadata (docs/rich-text.md). Safe to run again: images without metadata are left as they are.
// Uses DATABASE_URL when it is set, otherwise the embedded database in PGLITE_DIR (stop the dev
// server first: the embedded database can be opened by one process at a time).
// Exit code 0 when every image could be read, 1 when some could not, 2 when nothing could be done.

const config = getConfig();
let exitCode = 2;
try {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, 1)
    : await openPglite(config.pgliteDir);
  installDatabase(database);
  try {
    const report = await reencodeStoredEditorImages();
    console.log(
      `Editor images checked: ${report.checked}; re-encoded: ${report.reencoded}; ` +
        `already without metadata: ${report.unchanged}; unreadable: ${report.unreadable.length}.`,
    );
    for (const id of report.unreadable) console.log(`Could not read image ${id}; left as it is.`);
    exitCode = report.unreadable.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  // The driver's own error, never drizzle's wrapper that quotes the statement.
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { message?: string };
  console.error(`Could not re-encode the editor images: ${cause.message ?? String(cause)}`);
}
process.exit(exitCode);
