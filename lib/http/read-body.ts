import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { boundedBody } from "./body-limit";

/** How a route's body is read: parsed JSON, a form's fields, the raw form, raw text or nothing. */
export type BodyKind = "json" | "multipart" | "form" | "text" | "none";

/**
 * The body limit of a route that sets none: well above any form or rich-text payload, far below
 * what would hurt to hold in memory. Routes with larger payloads (files) set `maxBodyBytes`.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body as the route declared it (`kind`), read without ever holding more than `maxBytes`
 * (413 code 24 beyond it; 400 code 22 for a body that breaks off, see body-limit.ts).
 */
export async function readBody(req: Request, kind: BodyKind, maxBytes: number): Promise<unknown> {
  if (kind === "none") {
    // Nothing is expected, but a body beyond the limit is refused rather than ignored, so every
    // route holds the same bound (a declared size is refused before a byte is read).
    if (req.body) await boundedBody(req, maxBytes).text();
    return undefined;
  }
  // The raw text, for a route that checks a signature over the exact bytes before parsing.
  if (kind === "text") return boundedBody(req, maxBytes).text();
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (kind === "json") {
    if (!type.startsWith("application/json")) {
      throw new AppError(ErrorCode.INVALID_INPUT, {
        kind: "unsupported_media",
        message: "Expected an application/json body",
      });
    }
    const text = await boundedBody(req, maxBytes).text();
    if (text.trim() === "") return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError(ErrorCode.INVALID_INPUT, { message: "Malformed JSON body" });
    }
  }
  // A form that breaks off is refused by its counting stream, and the parser passes that on.
  const body = boundedBody(req, maxBytes);
  try {
    const form = await body.formData();
    if (kind === "form") return Object.fromEntries(form.entries());
    return form;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.INVALID_INPUT, { message: "Malformed form body" });
  }
}
