import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * Room for the multipart framing around one uploaded file (boundaries, part headers, a long
 * file name), so a file of exactly the allowed size still fits in the body limit.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The body limit of a multipart request that carries one file of at most `fileBytes`. */
export function multipartLimit(fileBytes: number): number {
  return fileBytes + MULTIPART_OVERHEAD_BYTES;
}

function bodyTooLarge(): AppError {
  return new AppError(ErrorCode.FILE_REJECTED, {
    kind: "too_large",
    message: "The request body is too large",
  });
}

/**
 * A body that stopped before its end: the client hung up, or its connection broke, while
 * sending it. The request's fault, not the server's, so it is answered like any other unusable
 * body (400 code 22) rather than as an unexpected failure (500 and an error line). Only a failed
 * read of the body's stream is taken for this; anything else (a body already read, say) stays
 * the server's fault.
 */
function bodyBrokenOff(): AppError {
  return new AppError(ErrorCode.INVALID_INPUT, { message: "The request body could not be read" });
}

/** How a handler reads a body: the same calls whether or not a limit applies. */
export type BodyReader = { text(): Promise<string>; formData(): Promise<FormData> };

/**
 * Reads a body without ever holding more than `maxBytes` of it. A declared Content-Length above
 * the limit is refused (413 code 24) before a byte is read. A body without a length (chunked) is
 * counted while it streams in: past the limit nothing more is passed on, up to `maxBytes` more
 * is read and thrown away so that a client still sending gets to read the refusal (as a reverse
 * proxy's lingering close does), and then the connection is given up.
 */
export function boundedBody(req: Request, maxBytes: number | undefined): BodyReader {
  if (maxBytes === undefined) return { text: () => req.text(), formData: () => req.formData() };

  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw bodyTooLarge();
  }

  const source = req.body;
  if (!source) return { text: async () => "", formData: () => req.formData() };
  return {
    text: () => countedText(source, maxBytes),
    formData: () => countedForm(source, maxBytes, req.headers.get("content-type") ?? ""),
  };
}

/** A form read through `countingStream`: the form parser needs a Response around the body. */
async function countedForm(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  contentType: string,
): Promise<FormData> {
  let exceeded = false;
  const limited = countingStream(source, maxBytes, () => (exceeded = true));
  try {
    return await new Response(limited, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    // The stream's error surfaces as whatever the form parser makes of it; the flag says why.
    if (exceeded) throw bodyTooLarge();
    throw error;
  }
}

/**
 * The next chunk of a body, counted into `counted`; undefined at its end. Past `maxBytes` it
 * reads and drops up to `maxBytes` more (see `discard`) and refuses with 413 code 24; a body that
 * breaks off is refused with 400 code 22 (`bodyBrokenOff`). The one counting rule of both
 * readers below.
 */
async function nextCounted(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  counted: { bytes: number },
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  let read: ReadableStreamReadResult<Uint8Array>;
  try {
    read = await reader.read();
  } catch {
    throw bodyBrokenOff();
  }
  const { done, value } = read;
  if (done) return undefined;
  counted.bytes += value.byteLength;
  if (counted.bytes <= maxBytes) return value;
  await discard(reader, maxBytes);
  throw bodyTooLarge();
}

/**
 * The text of a body read straight from its stream, counted as it comes in (`nextCounted`).
 * Most bodies are JSON read as text: reading them without a second stream and a Response around
 * it saves both, and on Node 20 every web stream made costs a transferable wrapper and a chain of
 * promises.
 */
async function countedText(source: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = source.getReader();
  // UTF-8 as the Encoding standard decodes it (what Body.text() is specified to do): one
  // leading byte-order mark dropped, bad bytes replaced, a character split between chunks kept
  // whole.
  const decoder = new TextDecoder();
  const counted = { bytes: 0 };
  let text = "";
  for (;;) {
    const chunk = await nextCounted(reader, counted, maxBytes);
    if (!chunk) return text + decoder.decode();
    text += decoder.decode(chunk, { stream: true });
  }
}

function countingStream(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  onExceeded: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const counted = { bytes: 0 };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Uint8Array | undefined;
        try {
          chunk = await nextCounted(reader, counted, maxBytes);
        } catch (error) {
          // A refusal errors the stream (a rejected pull does); the flag tells the reader why.
          if (error instanceof AppError && error.kind === "too_large") onExceeded();
          throw error;
        }
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // Pull one chunk at a time, only when the consumer asks: nothing is read ahead.
    { highWaterMark: 0 },
  );
}

/** Reads and drops at most `budget` more bytes; a body longer still is cancelled. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  let left = budget;
  try {
    while (left > 0) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away meanwhile; the refusal stands either way.
  }
}
