import { expect, type APIRequestContext } from "@playwright/test";
import type { StudyDto } from "@/lib/studies/schemas.shared";

/** A new study made through the API by the signed-in `request`; the caller removes it again. */
export async function createStudy(
  request: APIRequestContext,
  baseURL: string,
  name: string,
): Promise<StudyDto> {
  const res = await request.post("/api/study", { data: { name }, headers: { origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()) as StudyDto;
}

/** Uploads `bytes` as a PDF attachment of the study; large files get two minutes. */
export function uploadPdf(
  request: APIRequestContext,
  baseURL: string,
  studyId: number,
  bytes: Buffer,
  name: string,
) {
  return request.post(`/api/study/${studyId}/attachments`, {
    multipart: { file: { name, mimeType: "application/pdf", buffer: bytes } },
    headers: { origin: baseURL },
    timeout: 120_000,
  });
}
