import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { editorImages } from "@/db/schema";
import { POST as uploadRoute } from "@/app/api/editor_image/route";
import { GET as imageRoute } from "@/app/api/editor_image/[id]/route";
import { MAX_EDITOR_IMAGE_BYTES, type EditorImageUpload } from "@/lib/editor-images/schemas";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { call } from "../../support/http";
import { fileForm, JPEG_BYTES, PNG_BYTES, pdfBytes } from "../../support/files";
import { exifHasGps, phonePhoto, pngOfSize } from "../../support/images";
import { staffWithSession } from "../../support/staff";
import type { Answer } from "../../support/answer";

let staff: Awaited<ReturnType<typeof staffWithSession>>;

beforeAll(async () => {
  staff = await staffWithSession();
});

function upload(
  bytes: Uint8Array,
  name: string,
  o: { cookie?: string | null; origin?: string | null; field?: string } = {},
) {
  return call<Answer<EditorImageUpload>>(uploadRoute, {
    method: "POST",
    path: "/api/editor_image",
    rawBody: fileForm(bytes, name, o.field ?? "file", "image/png"),
    cookie: o.cookie === null ? undefined : (o.cookie ?? staff.cookie),
    origin: o.origin,
  });
}

async function fetchImage(id: string): Promise<Response> {
  return imageRoute(new Request(`http://localhost:3000/api/editor_image/${id}`), {
    params: Promise.resolve({ id }),
  });
}

async function imageCount(): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(editorImages);
  return n;
}

const idOf = (url: string) => url.split("/").pop()!;

async function storedRow(url: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(editorImages)
    .where(eq(editorImages.id, idOf(url)));
  return row;
}

describe("POST /api/editor_image", () => {
  it.each([
    ["a PNG", PNG_BYTES, "image/png"],
    ["a JPEG", JPEG_BYTES, "image/jpeg"],
  ])("stores %s and answers where it is served", async (_what, bytes, type) => {
    const res = await upload(bytes, "photo.bin");
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(
      /^\/api\/editor_image\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const row = await storedRow(res.body.url);
    expect(row).toMatchObject({
      contentType: type,
      fileSize: row.data.length,
      sha256: createHash("sha256").update(row.data).digest("hex"),
      uploadedBy: staff.user.id,
    });
    // Stored re-encoded, in the same format and size.
    const meta = await sharp(row.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([type.slice(6), 1, 1]);
  });

  it("stores a phone photo upright and without its EXIF, GPS position or maker", async () => {
    const photo = await phonePhoto(40, 20);
    const before = await sharp(photo).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([40, 20, 6]);
    expect(exifHasGps(before.exif!)).toBe(true);

    const res = await upload(photo, "IMG_0001.jpg");
    expect(res.status).toBe(200);
    const row = await storedRow(res.body.url);
    const after = await sharp(row.data).metadata();
    expect(after.format).toBe("jpeg");
    // Turned upright before the orientation tag went: the sides are swapped.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    for (const trace of ["Exif\0\0", "PhoneMaker", "Pocket 12"]) {
      expect(row.data.includes(Buffer.from(trace, "latin1")), trace).toBe(false);
    }
    expect(row.fileSize).toBe(row.data.length);
  });

  it("drops a PNG's text chunks", async () => {
    const res = await upload(pngOfSize(4096), "comment.png");
    expect(res.status).toBe(200);
    const row = await storedRow(res.body.url);
    expect(pngOfSize(4096).includes(Buffer.from("tEXtComment", "latin1"))).toBe(true);
    expect(row.data.includes(Buffer.from("tEXt", "latin1"))).toBe(false);
    expect(row.data.length).toBeLessThan(200);
  });

  it("refuses with 400 code 24 an image that starts right but does not decode", async () => {
    const before = await imageCount();
    const broken = Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.alloc(200, 0x20)]);
    const res = await upload(broken, "broken.png");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 24, message: "The image could not be read" } });
    expect(await imageCount()).toBe(before);
  });

  it("refuses with 400 code 24 an image of more than 40 million pixels", async () => {
    // 8,000 × 5,001 pixels of one colour: a small file, far too many pixels to decode.
    const huge = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const res = await upload(huge, "huge.png");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(24);
  });

  it.each([
    ["a PDF renamed to .png", pdfBytes(), "renamed.png"],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), "anim.gif"],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "x.png"],
  ])("refuses %s with 400 code 24 and stores nothing", async (_what, bytes, name) => {
    const before = await imageCount();
    const res = await upload(bytes, name);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 24, message: "only png and jpeg images are allowed" },
    });
    expect(await imageCount()).toBe(before);
  });

  it("refuses an empty file with code 24", async () => {
    const res = await upload(new Uint8Array(0), "empty.png");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(24);
  });

  it("accepts an image of exactly 5 MB and refuses one byte more with 413 code 24", async () => {
    const ok = await upload(pngOfSize(MAX_EDITOR_IMAGE_BYTES), "big.png");
    expect(ok.status).toBe(200);
    const before = await imageCount();
    const res = await upload(pngOfSize(MAX_EDITOR_IMAGE_BYTES + 1), "too-big.png");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 24, message: "The image is larger than 5 MB" } });
    expect(await imageCount()).toBe(before);
  });

  it("refuses a multipart body without `file` with code 22", async () => {
    const res = await upload(PNG_BYTES, "a.png", { field: "image" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error.fields).toHaveProperty("file");
  });

  it("answers 401 code 25 without a session", async () => {
    const before = await imageCount();
    const res = await upload(PNG_BYTES, "a.png", { cookie: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
    expect(await imageCount()).toBe(before);
  });

  it("refuses another origin with 403 code 26", async () => {
    const res = await upload(PNG_BYTES, "a.png", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
  });
});

describe("GET /api/editor_image/{id}", () => {
  it("serves the image to anyone, typed, unsniffable, sandboxed and cached for good", async () => {
    const { body } = await upload(JPEG_BYTES, "photo.jpg");
    const stored = (await storedRow(body.url)).data;
    const res = await fetchImage(idOf(body.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(res.headers.get("content-length")).toBe(String(stored.length));
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), stored)).toBe(0);
  });

  it("answers 404 code 14 for an id that was never issued", async () => {
    const res = await call(imageRoute, {
      path: "/api/editor_image/0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d",
      params: { id: "0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4d" },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 14, message: "Model not found" } });
  });

  it.each([["1"], ["not-a-uuid"], ["0b6c1a52-4f7e-4c9a-9d2f-5f2b8a1c3e4dz"]])(
    "answers 400 code 22 for the malformed id %j",
    async (id) => {
      const res = await call(imageRoute, { path: `/api/editor_image/${id}`, params: { id } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
    },
  );
});
