import { createHash } from "node:crypto";
import { expect, request as apiRequest, test, type APIRequestContext } from "@playwright/test";
import {
  attachmentUrl,
  type AttachmentDto,
  type AttachmentList,
} from "@/lib/attachments/schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import sharp from "sharp";
import { pdfBytes, PNG_BYTES } from "../support/files";
import { e2eAccounts } from "../support/e2e/accounts";
import { cookieHeader, signInApi } from "../support/e2e/api-session";
import { chunkedUpload } from "../support/e2e/chunked-upload";
import { createStudy, uploadPdf as uploadStudyPdf } from "../support/e2e/study-files";
import { residentBytes, sampleResidentMemory, serverPid } from "../support/e2e/server-memory";

// Uploads through the production server (`next start`): the proxy must not cut bodies short,
// the 20 MB limit must hold with and without a Content-Length, and memory must stay flat.

const MB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

let baseURL: string;
let admin: APIRequestContext;
const created: number[] = [];

test.beforeAll(async () => {
  baseURL = test.info().project.use.baseURL!;
  admin = await apiRequest.newContext({ baseURL });
  await signInApi(admin, baseURL, e2eAccounts.admin);
});

// Studies made here are removed again, so the public lists other specs check stay as seeded.
test.afterAll(async () => {
  for (const id of created) {
    const res = await admin.delete(`/api/study/${id}`, { headers: { origin: baseURL } });
    expect([200, 404]).toContain(res.status());
  }
  await admin.dispose();
});

async function newStudy(request: APIRequestContext, name: string): Promise<StudyDto> {
  const study = await createStudy(request, baseURL, name);
  created.push(study.id);
  return study;
}

const uploadPdf = (request: APIRequestContext, studyId: number, bytes: Buffer, name: string) =>
  uploadStudyPdf(request, baseURL, studyId, bytes, name);

/** Reports the measurement in the run's output, so the headroom under the limit stays visible. */
function report(what: string, before: number, peak: number) {
  console.log(
    `${what}: server resident memory ${(before / MB).toFixed(1)} MB before, ` +
      `${(peak / MB).toFixed(1)} MB at most during the upload`,
  );
}

function port(): number {
  return Number(new URL(baseURL).port);
}

test.describe("study uploads through next start", () => {
  test.beforeEach(async ({ request }) => {
    await signInApi(request, baseURL, e2eAccounts.staff);
  });

  // The memory checks come first, before a large upload has grown the server's heap.
  test("a 25 MB upload with a Content-Length is refused with code 24, memory flat", async ({
    request,
  }) => {
    const study = await newStudy(request, "e2e 25 MB with length");
    const pdf = pdfBytes("too large", 25 * MB);
    const pid = serverPid(port());
    const before = residentBytes(pid);
    const sampler = sampleResidentMemory(pid);
    const res = await uploadPdf(request, study.id, pdf, "te-groot.pdf");
    const peak = sampler.stop();
    report("25 MB with Content-Length", before, peak);
    expect(res.status()).toBe(413);
    expect((await res.json()).error.code).toBe(24);
    expect(peak - before, `resident memory grew from ${before} to ${peak}`).toBeLessThan(50 * MB);
    const listed = (await (
      await request.get(`/api/study/${study.id}/attachments`)
    ).json()) as AttachmentList;
    expect(listed.items).toEqual([]);
  });

  test("a 25 MB upload without a Content-Length is cut off with code 24, memory flat", async ({
    request,
  }) => {
    const study = await newStudy(request, "e2e 25 MB chunked");
    const pid = serverPid(port());
    const before = residentBytes(pid);
    const sampler = sampleResidentMemory(pid);
    const res = await chunkedUpload(
      `${baseURL}/api/study/${study.id}/attachments`,
      { cookie: await cookieHeader(request), origin: baseURL },
      25 * MB,
    );
    const peak = sampler.stop();
    report("25 MB chunked", before, peak);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe(24);
    expect(peak - before, `resident memory grew from ${before} to ${peak}`).toBeLessThan(50 * MB);
    const listed = (await (
      await request.get(`/api/study/${study.id}/attachments`)
    ).json()) as AttachmentList;
    expect(listed.items).toEqual([]);
  });

  test("a 15 MB PDF is stored whole", async ({ request }) => {
    const study = await newStudy(request, "e2e 15 MB upload");
    const pdf = pdfBytes("fifteen megabytes", 15 * MB);
    const res = await uploadPdf(request, study.id, pdf, "vijftien.pdf");
    expect(res.status()).toBe(200);
    const attachment = (await res.json()) as AttachmentDto;
    expect(attachment.file_size).toBe(pdf.length);

    const download = await request.get(attachmentUrl(study.id, attachment.id, true), {
      timeout: 120_000,
    });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect(download.headers()["content-disposition"]).toMatch(
      /^attachment; filename="vijftien\.pdf"/,
    );
    expect(sha256(await download.body())).toBe(sha256(pdf));

    const listed = (await (
      await request.get(`/api/study/${study.id}/attachments`)
    ).json()) as AttachmentList;
    expect(listed.items.map((a) => [a.id, a.file_size])).toEqual([[attachment.id, pdf.length]]);
  });

  test("upload routes outside the proxy still refuse other origins and anonymous callers", async ({
    request,
  }) => {
    const study = await newStudy(request, "e2e upload guards");
    const anonymous = await apiRequest.newContext({ baseURL });
    const targets = [`/api/study/${study.id}/attachments`, "/api/editor_image"];
    for (const target of targets) {
      const foreign = await request.post(target, {
        multipart: { file: { name: "a.pdf", mimeType: "application/pdf", buffer: pdfBytes() } },
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.status(), target).toBe(403);
      expect((await foreign.json()).error.code).toBe(26);

      const signedOut = await anonymous.post(target, {
        multipart: { file: { name: "a.pdf", mimeType: "application/pdf", buffer: pdfBytes() } },
        headers: { origin: baseURL },
      });
      expect(signedOut.status(), target).toBe(401);
      expect((await signedOut.json()).error.code).toBe(25);
    }
    // A path the proxy does cover refuses in the same envelope.
    const covered = await request.put(`/api/study/${study.id}`, {
      data: { name: "hijacked" },
      headers: { origin: "https://evil.example" },
    });
    expect(covered.status()).toBe(403);
    expect((await covered.json()).error.code).toBe(26);
    await anonymous.dispose();
  });

  test("an editor image is served to anyone with its type and a long immutable cache", async ({
    request,
  }) => {
    const res = await request.post("/api/editor_image", {
      multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: PNG_BYTES } },
      headers: { origin: baseURL },
    });
    expect(res.status()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const anonymous = await apiRequest.newContext({ baseURL });
    const image = await anonymous.get(url);
    expect(image.status()).toBe(200);
    const headers = image.headers();
    expect(headers["content-type"]).toBe("image/png");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    // The upload was re-encoded (no metadata kept): the same picture, not the same bytes.
    const served = await sharp(await image.body()).metadata();
    const sent = await sharp(PNG_BYTES).metadata();
    expect({ format: served.format, width: served.width, height: served.height }).toEqual({
      format: "png",
      width: sent.width,
      height: sent.height,
    });
    await anonymous.dispose();
  });
});
