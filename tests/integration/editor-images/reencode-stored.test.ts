import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, openPglite, type Db } from "@/db/client";
import { editorImages } from "@/db/schema";
import { reencodeStoredEditorImages } from "@/lib/editor-images/reencode-stored";
import { JPEG_BYTES } from "../../support/files";
import { phonePhoto, pngOfSize } from "../../support/images";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** An image as uploads stored it before they were re-encoded: the bytes as sent. */
async function storeAsBefore(db: Db, data: Buffer, contentType: string): Promise<string> {
  const [row] = await db
    .insert(editorImages)
    .values({ contentType, fileSize: data.length, sha256: sha256(data), data })
    .returning({ id: editorImages.id });
  return row.id;
}

async function stored(db: Db, id: string) {
  const [row] = await db.select().from(editorImages).where(eq(editorImages.id, id));
  return row;
}

describe("re-encoding the stored editor images", () => {
  it("re-encodes those with metadata in place, leaves the rest, and a second run changes nothing", async () => {
    const db = await getDb();
    const clean = await sharp(JPEG_BYTES).jpeg().toBuffer();
    const ids = {
      photo: await storeAsBefore(db, await phonePhoto(40, 20), "image/jpeg"),
      commented: await storeAsBefore(db, pngOfSize(2048), "image/png"),
      clean: await storeAsBefore(db, clean, "image/jpeg"),
      // A comment to remove, but the pixel data (IDAT, after the 33 bytes of signature and
      // header) is zeroed: it does not decode.
      broken: await storeAsBefore(db, Buffer.from(pngOfSize(200).fill(0, 41, 54)), "image/png"),
    };

    const first = await reencodeStoredEditorImages();
    expect(first).toEqual({ checked: 4, reencoded: 2, unchanged: 1, unreadable: [ids.broken] });

    const photo = await stored(db, ids.photo);
    const meta = await sharp(photo.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      "jpeg",
      20,
      40,
      undefined,
      undefined,
    ]);
    expect(photo.data.includes(Buffer.from("PhoneMaker", "latin1"))).toBe(false);
    expect([photo.fileSize, photo.sha256]).toEqual([photo.data.length, sha256(photo.data)]);
    const commented = await stored(db, ids.commented);
    expect(commented.data.includes(Buffer.from("tEXt", "latin1"))).toBe(false);
    expect(Buffer.compare((await stored(db, ids.clean)).data, clean)).toBe(0);

    const before = await db.select().from(editorImages);
    const second = await reencodeStoredEditorImages();
    expect(second).toEqual({ checked: 4, reencoded: 0, unchanged: 3, unreadable: [ids.broken] });
    expect(await db.select().from(editorImages)).toEqual(before);
  });
});

describe("npm run images:reencode", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-images-reencode-"));
  const pgliteDir = path.join(dataDir, "pglite");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function run() {
    return new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          path.resolve("node_modules/tsx/dist/cli.mjs"),
          "--conditions=react-server",
          "scripts/reencode-editor-images.ts",
        ],
        { env: { ...process.env, PGLITE_DIR: pgliteDir, DATABASE_URL: "" }, stdio: "pipe" },
      );
      let stdout = "";
      child.stdout.on("data", (d) => (stdout += String(d)));
      child.on("close", (code) => resolve({ code, stdout }));
    });
  }

  it("re-encodes a stored photo, reports the counts, and is idempotent", async () => {
    const database = await openPglite(pgliteDir);
    let id: string;
    try {
      id = await storeAsBefore(database.db, await phonePhoto(40, 20), "image/jpeg");
    } finally {
      await database.close();
    }

    const first = await run();
    expect(first.stdout).toBe(
      "Editor images checked: 1; re-encoded: 1; already without metadata: 0; unreadable: 0.\n",
    );
    expect(first.code).toBe(0);
    const second = await run();
    expect(second.stdout).toBe(
      "Editor images checked: 1; re-encoded: 0; already without metadata: 1; unreadable: 0.\n",
    );

    const after = await openPglite(pgliteDir);
    try {
      const meta = await sharp((await stored(after.db, id)).data).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([20, 40, undefined]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
