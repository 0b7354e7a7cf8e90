import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { studyAttachments } from "@/db/schema";
import { GET as listRoute, POST as uploadRoute } from "@/app/api/study/[id]/attachments/route";
import {
  DELETE as deleteRoute,
  GET as fileRoute,
} from "@/app/api/study/[id]/attachments/[attachmentId]/route";
import { MAX_ATTACHMENT_BYTES, type AttachmentList } from "@/lib/attachments/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyStatus } from "@/lib/studies/schemas.shared";
import { call } from "../../support/http";
import { fileForm, PNG_BYTES, pdfBytes } from "../../support/files";
import { staffWithSession } from "../../support/staff";
import { meteredBody, streamingRequest } from "../../support/streams";
import { daysAgo, insertStudy } from "../../support/studies";
import { attachmentCount, upload } from "../../support/attachments";
import type { Answer } from "../../support/answer";

let staff: string;

beforeAll(async () => {
  staff = (await staffWithSession()).cookie;
});

function list(studyId: number | string, cookie?: string) {
  return call<Answer<AttachmentList>>(listRoute, {
    path: `/api/study/${studyId}/attachments`,
    params: { id: String(studyId) },
    cookie,
  });
}

function file(
  studyId: number,
  attachmentId: number | string,
  o: { cookie?: string; query?: string } = {},
) {
  return call(fileRoute, {
    path: `/api/study/${studyId}/attachments/${attachmentId}${o.query ?? ""}`,
    params: { id: String(studyId), attachmentId: String(attachmentId) },
    cookie: o.cookie,
  });
}

async function fileBytes(studyId: number, attachmentId: number, query = ""): Promise<Response> {
  return fileRoute(
    new Request(`http://localhost:3000/api/study/${studyId}/attachments/${attachmentId}${query}`, {
      headers: { cookie: staff, "x-forwarded-for": "203.0.113.7" },
    }),
    { params: Promise.resolve({ id: String(studyId), attachmentId: String(attachmentId) }) },
  );
}

function remove(studyId: number, attachmentId: number, cookie?: string) {
  return call(deleteRoute, {
    method: "DELETE",
    path: `/api/study/${studyId}/attachments/${attachmentId}`,
    params: { id: String(studyId), attachmentId: String(attachmentId) },
    cookie,
  });
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

// The Content-Disposition a file name may produce: a fallback of safe characters in quotes and
// the percent-encoded name, nothing else.
const SAFE_DISPOSITION =
  /^(inline|attachment); filename="[A-Za-z0-9 ._()-]+"; filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]+$/;

function encodedName(disposition: string): string {
  return decodeURIComponent(disposition.split("filename*=UTF-8''")[1]);
}

describe("uploading an attachment", () => {
  it("stores a real PDF with its size and SHA-256 and serves it back unchanged", async () => {
    const study = await insertStudy({ name: "With a PDF", status: "open" });
    const pdf = pdfBytes("Uitleg bij het onderzoek");
    const started = Math.floor(Date.now() / 1000);
    const res = await upload(study.id, pdf, "Uitleg.pdf", { cookie: staff });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      original_filename: "Uitleg.pdf",
      file_size: pdf.length,
      uploaded_at: expect.any(Number),
    });
    expect(res.body.uploaded_at).toBeGreaterThanOrEqual(started - 1);

    const db = await getDb();
    const [row] = await db
      .select()
      .from(studyAttachments)
      .where(eq(studyAttachments.id, res.body.id));
    expect(row).toMatchObject({
      studyId: study.id,
      contentType: "application/pdf",
      fileSize: pdf.length,
      sha256: sha256(pdf),
    });
    expect(Buffer.compare(row.data, pdf)).toBe(0);

    const served = await fileBytes(study.id, res.body.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(served.headers.get("cache-control")).toBe("no-store");
    expect(served.headers.get("content-length")).toBe(String(pdf.length));
    expect(served.headers.get("content-disposition")).toBe(
      `inline; filename="Uitleg.pdf"; filename*=UTF-8''Uitleg.pdf`,
    );
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(pdf));

    const download = await fileBytes(study.id, res.body.id, "?download=1");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Uitleg\.pdf"/,
    );
    expect(download.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
  });

  it("accepts the extension in capitals", async () => {
    const study = await insertStudy({ name: "Capitals", status: "not_started" });
    const res = await upload(study.id, pdfBytes(), "REPORT.PDF", { cookie: staff });
    expect(res.status).toBe(200);
    expect(res.body.original_filename).toBe("REPORT.PDF");
  });

  it.each([
    ["a PNG renamed to .pdf", PNG_BYTES, "picture.pdf"],
    ["a PDF without the .pdf name", pdfBytes(), "document.txt"],
    ["a PDF named .pdf.exe", pdfBytes(), "document.pdf.exe"],
    ["HTML named .pdf", Buffer.from("<html><script>alert(1)</script></html>"), "page.pdf"],
  ])("refuses %s with 400 code 24 and stores nothing", async (_what, bytes, name) => {
    const study = await insertStudy({ name: "Refusals", status: "open" });
    const res = await upload(study.id, bytes, name, { cookie: staff });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 24, message: "only pdf files are allowed" } });
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("refuses an empty file with code 24", async () => {
    const study = await insertStudy({ name: "Empty", status: "open" });
    const res = await upload(study.id, new Uint8Array(0), "empty.pdf", { cookie: staff });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 24, message: "The file is empty" });
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("refuses a multipart body without `file` with code 22", async () => {
    const study = await insertStudy({ name: "No file", status: "open" });
    for (const form of [fileForm(pdfBytes(), "a.pdf", "document"), textField("file", "a.pdf")]) {
      const res = await call(uploadRoute, {
        method: "POST",
        path: `/api/study/${study.id}/attachments`,
        params: { id: String(study.id) },
        rawBody: form,
        cookie: staff,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(res.body.error.fields).toHaveProperty("file");
    }
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("refuses a JSON body with code 22", async () => {
    const study = await insertStudy({ name: "JSON", status: "open" });
    const res = await call(uploadRoute, {
      method: "POST",
      path: `/api/study/${study.id}/attachments`,
      params: { id: String(study.id) },
      body: { file: "a.pdf" },
      cookie: staff,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });

  it("keeps a name with quotes, a newline and a semicolon out of the header's syntax", async () => {
    const study = await insertStudy({ name: "Odd names", status: "open" });
    const raw = 'we"ird\r\nX-Injected: yes; name="x.pdf';
    const res = await upload(study.id, pdfBytes(), `${raw}.pdf`, { cookie: staff });
    expect(res.status).toBe(200);
    // Control characters are dropped from the stored name; the rest is kept as typed.
    expect(res.body.original_filename).toBe('we"irdX-Injected: yes; name="x.pdf.pdf');

    for (const query of ["", "?download=1"]) {
      const served = await fileBytes(study.id, res.body.id, query);
      expect(served.status).toBe(200);
      const disposition = served.headers.get("content-disposition")!;
      expect(disposition).toMatch(SAFE_DISPOSITION);
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(served.headers.get("x-injected")).toBeNull();
      expect(encodedName(disposition)).toBe(res.body.original_filename);
    }
  });

  it.each([
    ["C:\\Users\\someone\\Documents\\report.pdf", "report.pdf"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["abc\u202Efdp.exe.pdf", "abcfdp.exe.pdf"],
    ["  spaced.pdf  ", "spaced.pdf"],
  ])("stores %j as %j", async (name, stored) => {
    const study = await insertStudy({ name: "Paths", status: "open" });
    const res = await upload(study.id, pdfBytes(), name, { cookie: staff });
    expect(res.status).toBe(200);
    expect(res.body.original_filename).toBe(stored);
  });

  it("serves a non-ASCII name percent-encoded with a readable ASCII fallback", async () => {
    const study = await insertStudy({ name: "Unicode", status: "open" });
    const name = "Verslag ééñ 📄 (def).pdf";
    const res = await upload(study.id, pdfBytes(), name, { cookie: staff });
    const served = await fileBytes(study.id, res.body.id, "?download=1");
    const disposition = served.headers.get("content-disposition")!;
    expect(disposition).toMatch(SAFE_DISPOSITION);
    expect(disposition).toContain('filename="Verslag een _ (def).pdf"');
    expect(encodedName(disposition)).toBe(name);
  });

  it("refuses a name over 255 characters with code 22", async () => {
    const study = await insertStudy({ name: "Long name", status: "open" });
    const res = await upload(study.id, pdfBytes(), `${"n".repeat(252)}.pdf`, { cookie: staff });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("answers 404 code 14 for a study that does not exist", async () => {
    const res = await upload(876_543, pdfBytes(), "a.pdf", { cookie: staff });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
  });

  it("answers 401 code 25 without a session and stores nothing", async () => {
    const study = await insertStudy({ name: "Anonymous upload", status: "open" });
    const res = await upload(study.id, pdfBytes(), "a.pdf");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("refuses a request from another origin, or without one, with 403 code 26", async () => {
    const study = await insertStudy({ name: "Cross-site upload", status: "open" });
    for (const origin of ["https://evil.example", null]) {
      const res = await upload(study.id, pdfBytes(), "a.pdf", { cookie: staff, origin });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe(ErrorCode.ORIGIN_NOT_ALLOWED);
    }
    expect(await attachmentCount(study.id)).toBe(0);
  });
});

describe("the 20 MB limit", () => {
  it("stores a file of exactly 20 MB whole", async () => {
    const study = await insertStudy({ name: "Twenty", status: "open" });
    const pdf = pdfBytes("twenty", MAX_ATTACHMENT_BYTES);
    const exact = pdf.subarray(0, MAX_ATTACHMENT_BYTES);
    const res = await upload(study.id, exact, "twenty.pdf", { cookie: staff });
    expect(res.status).toBe(200);
    expect(res.body.file_size).toBe(MAX_ATTACHMENT_BYTES);
    const db = await getDb();
    const [row] = await db
      .select({ sha256: studyAttachments.sha256 })
      .from(studyAttachments)
      .where(eq(studyAttachments.id, res.body.id));
    expect(row.sha256).toBe(sha256(exact));
  });

  it("refuses a file one byte over with 413 code 24", async () => {
    const study = await insertStudy({ name: "Twenty plus one", status: "open" });
    const pdf = pdfBytes("over", MAX_ATTACHMENT_BYTES + 1).subarray(0, MAX_ATTACHMENT_BYTES + 1);
    const res = await upload(study.id, pdf, "over.pdf", { cookie: staff });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 24, message: "The file is larger than 20 MB" });
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const study = await insertStudy({ name: "Declared", status: "open" });
    const body = meteredBody(25 * 1024 * 1024);
    const res = await uploadRoute(
      streamingRequest(`/api/study/${study.id}/attachments`, body.stream, {
        cookie: staff,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(25 * 1024 * 1024),
      }),
      { params: Promise.resolve({ id: String(study.id) }) },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 24, message: "The request body is too large" },
    });
    expect(body.state.pulled).toBe(0);
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("cuts off a body without a length once it passes the limit", async () => {
    const study = await insertStudy({ name: "Endless", status: "open" });
    const body = meteredBody(Infinity);
    const res = await uploadRoute(
      streamingRequest(`/api/study/${study.id}/attachments`, body.stream, {
        cookie: staff,
        "content-type": "multipart/form-data; boundary=x",
      }),
      { params: Promise.resolve({ id: String(study.id) }) },
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(24);
    // Read up to the limit, then at most as much again thrown away, then given up.
    expect(body.state.pulled).toBeGreaterThan(MAX_ATTACHMENT_BYTES);
    expect(body.state.pulled).toBeLessThanOrEqual(2 * (MAX_ATTACHMENT_BYTES + 128 * 1024));
    expect(body.state.cancelled).toBe(true);
    expect(await attachmentCount(study.id)).toBe(0);
  });

  it("reads to the end a body without a length that stays within the limit", async () => {
    const study = await insertStudy({ name: "Chunked", status: "open" });
    const form = fileForm(pdfBytes("chunked"), "chunked.pdf");
    const template = new Request("http://localhost/", { method: "POST", body: form });
    const res = await uploadRoute(
      streamingRequest(`/api/study/${study.id}/attachments`, template.body!, {
        cookie: staff,
        "content-type": template.headers.get("content-type")!,
      }),
      { params: Promise.resolve({ id: String(study.id) }) },
    );
    expect(res.status).toBe(200);
    expect(await attachmentCount(study.id)).toBe(1);
  });
});

describe("who sees the attachments", () => {
  const statuses: StudyStatus[] = ["open", "finished", "not_started", "invisible"];
  const studyOf: Record<string, { studyId: number; attachmentId: number }> = {};

  beforeAll(async () => {
    for (const status of statuses) {
      const study = await insertStudy({ name: `Visibility ${status}`, status });
      const res = await upload(study.id, pdfBytes(status), `${status}.pdf`, { cookie: staff });
      studyOf[status] = { studyId: study.id, attachmentId: res.body.id };
    }
  });

  it.each([["open"], ["finished"]])(
    "shows a %s study's list and file to anyone",
    async (status) => {
      const { studyId, attachmentId } = studyOf[status];
      const listed = await list(studyId);
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((a) => a.original_filename)).toEqual([`${status}.pdf`]);
      const served = await file(studyId, attachmentId);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("application/pdf");
    },
  );

  it.each([["not_started"], ["invisible"]])(
    "hides a %s study's list and file from the public as if missing",
    async (status) => {
      const { studyId, attachmentId } = studyOf[status];
      for (const res of [await list(studyId), await file(studyId, attachmentId)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { code: 14, message: "Model not found" } });
      }
    },
  );

  it.each(statuses.map((s) => [s]))("shows a %s study's attachments to staff", async (status) => {
    const { studyId, attachmentId } = studyOf[status];
    expect((await list(studyId, staff)).status).toBe(200);
    expect((await file(studyId, attachmentId, { cookie: staff })).status).toBe(200);
  });

  it("answers 404 code 14 for an attachment asked for under another study", async () => {
    const res = await file(studyOf.open.studyId, studyOf.finished.attachmentId, { cookie: staff });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
  });

  it("answers 404 code 14 for a study or attachment that does not exist", async () => {
    expect((await list(765_432, staff)).status).toBe(404);
    expect((await file(studyOf.open.studyId, 765_432, { cookie: staff })).status).toBe(404);
  });

  it.each([["abc"], ["1e3"], ["0"]])("answers 400 code 22 for the id %j", async (id) => {
    expect((await list(id)).body.error.code).toBe(22);
    const res = await file(studyOf.open.studyId, id);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });

  it("answers 400 code 22 for a download flag other than 0 or 1", async () => {
    const { studyId, attachmentId } = studyOf.open;
    const res = await file(studyId, attachmentId, { query: "?download=yes" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });
});

describe("the attachment list", () => {
  it("lists metadata newest first", async () => {
    const study = await insertStudy({ name: "Ordered", status: "open", createdAt: daysAgo(1) });
    const ids: number[] = [];
    for (const name of ["first.pdf", "second.pdf", "third.pdf"]) {
      ids.push((await upload(study.id, pdfBytes(name), name, { cookie: staff })).body.id);
    }
    const db = await getDb();
    // Give them distinct times in the order they were uploaded.
    for (const [i, id] of ids.entries()) {
      await db
        .update(studyAttachments)
        .set({ uploadedAt: daysAgo(10 - i) })
        .where(eq(studyAttachments.id, id));
    }
    const res = await list(study.id);
    expect(res.body.items.map((a) => a.original_filename)).toEqual([
      "third.pdf",
      "second.pdf",
      "first.pdf",
    ]);
    expect(res.body.items[0]).toEqual({
      id: ids[2],
      original_filename: "third.pdf",
      file_size: pdfBytes("third.pdf").length,
      uploaded_at: Math.floor(daysAgo(8).getTime() / 1000),
    });
  });
});

describe("deleting an attachment", () => {
  it("answers 401 code 25 without a session and keeps the file", async () => {
    const study = await insertStudy({ name: "Keep", status: "open" });
    const { body } = await upload(study.id, pdfBytes(), "keep.pdf", { cookie: staff });
    const res = await remove(study.id, body.id);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
    expect(await attachmentCount(study.id)).toBe(1);
  });

  it("removes it for staff, after which it is gone", async () => {
    const study = await insertStudy({ name: "Remove", status: "open" });
    const { body } = await upload(study.id, pdfBytes(), "gone.pdf", { cookie: staff });
    const res = await remove(study.id, body.id, staff);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await attachmentCount(study.id)).toBe(0);
    expect((await file(study.id, body.id, { cookie: staff })).status).toBe(404);
    expect((await remove(study.id, body.id, staff)).status).toBe(404);
  });

  it("answers 404 code 14 for an attachment of another study and keeps it", async () => {
    const owner = await insertStudy({ name: "Owner", status: "open" });
    const other = await insertStudy({ name: "Other", status: "open" });
    const { body } = await upload(owner.id, pdfBytes(), "mine.pdf", { cookie: staff });
    const res = await remove(other.id, body.id, staff);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
    expect(await attachmentCount(owner.id)).toBe(1);
  });
});

function textField(name: string, value: string): FormData {
  const form = new FormData();
  form.append(name, value);
  return form;
}
