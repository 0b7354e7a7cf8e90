import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { studies, studyAttachments, surveyResponses, surveys } from "@/db/schema";
import { pdfBytes } from "./files";

/** Rows a study owns, counted straight from the tables. */
export async function rowsOf(studyId: number) {
  const db = await getDb();
  const one = async (table: typeof surveys | typeof surveyResponses | typeof studyAttachments) => {
    const [{ n }] = await db.select({ n: count() }).from(table).where(eq(table.studyId, studyId));
    return n;
  };
  const [{ n: study }] = await db
    .select({ n: count() })
    .from(studies)
    .where(eq(studies.id, studyId));
  return {
    study,
    surveys: await one(surveys),
    responses: await one(surveyResponses),
    attachments: await one(studyAttachments),
  };
}

/** Stored responses as the submit path leaves them (the answers here are opaque bytes). */
export async function addResponses(studyId: number, n: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < n; i++) {
    await db.insert(surveyResponses).values({
      studyId,
      tokenHash: randomBytes(32).toString("hex"),
      answers: randomBytes(48),
    });
  }
}

export async function addAttachmentRow(studyId: number, name = "info.pdf"): Promise<number> {
  const db = await getDb();
  const data = pdfBytes(name);
  const [row] = await db
    .insert(studyAttachments)
    .values({
      studyId,
      originalFilename: name,
      contentType: "application/pdf",
      fileSize: data.length,
      sha256: "0".repeat(64),
      data,
    })
    .returning({ id: studyAttachments.id });
  return row.id;
}

/**
 * Makes the database itself refuse a statement (a trigger raising an error), to see how a
 * call behaves when a write fails part-way. Returns the function that removes it again.
 */
export async function failingTrigger(
  table: "surveys" | "study_attachments",
  event: "INSERT" | "DELETE",
): Promise<() => Promise<void>> {
  const db = await getDb();
  const name = `test_fail_${table}_${event.toLowerCase()}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'refused by test trigger'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${event} on ${table}
      for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
