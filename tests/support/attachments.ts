import { count, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { studyAttachments } from "@/db/schema";
import { POST as uploadRoute } from "@/app/api/study/[id]/attachments/route";
import type { AttachmentDto } from "@/lib/attachments/schemas.shared";
import { call } from "./http";
import { fileForm } from "./files";
import type { Answer } from "./answer";

export async function attachmentCount(studyId: number): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(studyAttachments)
    .where(eq(studyAttachments.studyId, studyId));
  return n;
}

export function upload(
  studyId: number,
  bytes: Uint8Array,
  name: string,
  o: { cookie?: string; origin?: string | null } = {},
) {
  return call<Answer<AttachmentDto>>(uploadRoute, {
    method: "POST",
    path: `/api/study/${studyId}/attachments`,
    params: { id: String(studyId) },
    rawBody: fileForm(bytes, name, "file", "application/pdf"),
    cookie: o.cookie,
    origin: o.origin,
  });
}
