import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { boundedBody, MULTIPART_OVERHEAD_BYTES, multipartLimit } from "@/lib/http/body-limit";
import { meteredBody, streamingRequest } from "../support/streams";

const LIMIT = 1024;

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/api/test", {
    method: "POST",
    headers: { "content-type": "text/plain", ...headers },
    body,
  });
}

/** What a read rejected with; null when it did not reject. */
function rejectionOf(read: Promise<unknown>): Promise<unknown> {
  return read.then(
    () => null,
    (e: unknown) => e,
  );
}

async function refusal(read: () => Promise<unknown>): Promise<AppError> {
  const error = await rejectionOf(read());
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("boundedBody", () => {
  it("takes a declared length of exactly the limit, and refuses one byte more unread", async () => {
    const exact = meteredBody(LIMIT);
    const fits = streamingRequest("/api/test", exact.stream, { "content-length": String(LIMIT) });
    expect(await boundedBody(fits, LIMIT).text()).toHaveLength(LIMIT);

    const body = meteredBody(LIMIT + 1);
    const req = streamingRequest("/api/test", body.stream, {
      "content-length": String(LIMIT + 1),
    });
    let thrown: unknown;
    try {
      boundedBody(req, LIMIT);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 24, kind: "too_large" });
    expect(body.state.pulled).toBe(0);
  });

  it("counts a body without a length: exactly the limit passes, one byte more is refused", async () => {
    const exact = meteredBody(LIMIT, 256);
    const ok = boundedBody(streamingRequest("/api/test", exact.stream, {}), LIMIT);
    expect(await ok.text()).toHaveLength(LIMIT);

    const over = meteredBody(LIMIT + 1, 256);
    const tooLong = boundedBody(streamingRequest("/api/test", over.stream, {}), LIMIT);
    expect(await refusal(() => tooLong.text())).toMatchObject({ code: 24, kind: "too_large" });
  });

  it("does not take a length it cannot read as one, and counts such a body instead", async () => {
    // "1e5" is no decimal length; read as one it would be refused before a byte is read.
    const body = meteredBody(LIMIT, 256);
    const req = streamingRequest("/api/test", body.stream, { "content-length": "1e5" });
    expect(await boundedBody(req, LIMIT).text()).toHaveLength(LIMIT);
  });

  it("reads at most the limit again after going over, then gives the body up", async () => {
    const body = meteredBody(Infinity, 256);
    const reader = boundedBody(streamingRequest("/api/test", body.stream, {}), LIMIT);
    await refusal(() => reader.text());
    // Four chunks within the limit, the fifth goes over, four more are thrown away.
    expect(body.state.pulled).toBe(LIMIT + 256 + LIMIT);
    expect(body.state.cancelled).toBe(true);
  });

  it("leaves a body that ends while being thrown away uncancelled", async () => {
    const body = meteredBody(LIMIT + 512, 256);
    const reader = boundedBody(streamingRequest("/api/test", body.stream, {}), LIMIT);
    await refusal(() => reader.text());
    expect(body.state.pulled).toBe(LIMIT + 512);
    expect(body.state.cancelled).toBe(false);
  });

  it("decodes a text body as Body.text() does, a character split between chunks kept whole", async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('{"naam":"Zoë ✓"'),
      // An overlong encoding and an encoded surrogate: both invalid, each byte replaced.
      0xc0,
      0x80,
      0xed,
      0xa0,
      0x80,
      ...new TextEncoder().encode("}"),
      // A character cut off by the end of the body: only the final flush replaces it.
      0xe2,
      0x9c,
    ]);
    const expected = await new Response(bytes).text();
    expect(expected).toBe('{"naam":"Zoë ✓"\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD}\uFFFD');
    const read = async (chunks: Uint8Array[]) => {
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      return boundedBody(streamingRequest("/api/test", stream, {}), LIMIT).text();
    };
    // Every split point into two and into three chunks, so boundaries fall inside each
    // multi-byte character, the byte-order mark and the invalid sequences.
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await read([bytes.slice(0, cut), bytes.slice(cut)])).toBe(expected);
      for (let second = cut + 1; second < bytes.length; second++) {
        const parts = [bytes.slice(0, cut), bytes.slice(cut, second), bytes.slice(second)];
        expect(await read(parts)).toBe(expected);
      }
    }
  });

  it("refuses a form without a length that streams past the limit", async () => {
    const over = meteredBody(LIMIT + 1, 256);
    const form = boundedBody(
      streamingRequest("/api/test", over.stream, {
        "content-type": "application/x-www-form-urlencoded",
      }),
      LIMIT,
    );
    expect(await refusal(() => form.formData())).toMatchObject({ code: 24, kind: "too_large" });
  });

  it("reads an absent body and a body of no bytes as empty text", async () => {
    const absent = new Request("http://localhost:3000/api/test", { method: "POST" });
    expect(await boundedBody(absent, LIMIT).text()).toBe("");
    expect(await boundedBody(post(""), LIMIT).text()).toBe("");
    const noBytes = meteredBody(0);
    expect(await boundedBody(streamingRequest("/api/test", noBytes.stream, {}), LIMIT).text()).toBe(
      "",
    );
  });

  it("passes other reading errors on as they are, within the limit", async () => {
    const req = post("not a multipart body", { "content-type": "multipart/form-data; boundary=x" });
    const error = await rejectionOf(boundedBody(req, LIMIT).formData());
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
  });

  it("refuses a body that breaks off with code 22, as text or as a form, not as too large", async () => {
    for (const read of ["text", "formData"] as const) {
      const broken = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("text=hal"));
          controller.error(new Error("aborted"));
        },
      });
      const req = streamingRequest("/api/test", broken, {
        "content-type": "application/x-www-form-urlencoded",
      });
      const error = await refusal(() => boundedBody(req, LIMIT)[read]());
      expect(error.code).toBe(22);
      expect(error.message).toBe("The request body could not be read");
    }
  });

  it("leaves a failure that is not the body's stream breaking off as it is", async () => {
    const req = post("already taken");
    req.body!.getReader();
    const error = await rejectionOf(boundedBody(req, LIMIT).text());
    expect(error).toBeInstanceOf(TypeError);
  });

  it("reads a form within the limit with its fields", async () => {
    const req = post("a=1&b=two", { "content-type": "application/x-www-form-urlencoded" });
    const form = await boundedBody(req, LIMIT).formData();
    expect(Object.fromEntries(form.entries())).toEqual({ a: "1", b: "two" });
  });

  it("reads without counting where no limit is given", async () => {
    const req = post("b".repeat(10 * LIMIT), { "content-length": String(10 * LIMIT) });
    expect(await boundedBody(req, undefined).text()).toHaveLength(10 * LIMIT);
    const form = post(`a=${"c".repeat(10 * LIMIT)}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect((await boundedBody(form, undefined).formData()).get("a")).toHaveLength(10 * LIMIT);
  });

  it("leaves room for the multipart framing around a file of the allowed size", () => {
    expect(MULTIPART_OVERHEAD_BYTES).toBe(64 * 1024);
    expect(multipartLimit(5_000_000)).toBe(5_000_000 + 64 * 1024);
  });
});
