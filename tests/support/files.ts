import { randomBytes } from "node:crypto";

/**
 * A valid one-page PDF showing `text`, grown to at least `minBytes` with an unreferenced stream
 * of random bytes (readers ignore it), so large uploads are still real PDFs.
 */
export function pdfBytes(text = "Hello attachment", minBytes = 0): Buffer {
  let padding = 0;
  for (;;) {
    const pdf = buildPdf(text, padding);
    if (pdf.length >= minBytes) return pdf;
    padding += minBytes - pdf.length + (padding === 0 ? 64 : 0);
  }
}

function buildPdf(text: string, padding: number): Buffer {
  const content = `BT /F1 36 Tf 72 600 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ].map((o) => Buffer.from(o, "latin1"));
  if (padding > 0) {
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${padding} >>\nstream\n`, "latin1"),
        randomBytes(padding),
        Buffer.from("\nendstream", "latin1"),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A 1×1 JPEG (a whole one: editor images are decoded and re-encoded). */
export const JPEG_BYTES = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z",
  "base64",
);

/** A multipart body with `bytes` as the file `name` in the field `field` (default `file`). */
export function fileForm(bytes: Uint8Array, name: string, field = "file", type = ""): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
