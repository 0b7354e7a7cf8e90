import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/handler";
import { call } from "../support/http";
import { meteredBody, streamingRequest } from "../support/streams";

const LIMIT = 1024;

const json = route(
  { auth: "none", body: z.object({ text: z.string() }), maxBodyBytes: LIMIT },
  ({ body }) => ({ length: body.text.length }),
);
const form = route(
  { auth: "none", bodyKind: "form", body: z.object({ text: z.string() }), maxBodyBytes: LIMIT },
  ({ body }) => ({ length: body.text.length }),
);
const unlimited = route({ auth: "none", body: z.object({ text: z.string() }) }, ({ body }) => ({
  length: body.text.length,
}));

const noParams = { params: Promise.resolve({}) };

const noBody = route({ auth: "none" }, () => ({ done: true }));
const text = route({ auth: "none", bodyKind: "text" }, ({ req }) => ({ url: req.url }));

/** A body that breaks off after its first bytes, as Node's does when the client hangs up. */
function brokenOffBody(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent) {
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
          return;
        }
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"text": "hal'));
      },
    },
    { highWaterMark: 0 },
  );
}

describe("the wrapper's body limit", () => {
  it("lets a body within the limit through, JSON or form", async () => {
    const a = await call(json, { body: { text: "x".repeat(500) } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ length: 500 });
    const body = new FormData();
    body.append("text", "y".repeat(500));
    const b = await call(form, { rawBody: body });
    expect(b.status).toBe(200);
    expect(b.body).toEqual({ length: 500 });
  });

  it("refuses a larger JSON body with 413 code 24", async () => {
    const res = await call(json, { body: { text: "x".repeat(LIMIT) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 24, message: "The request body is too large" } });
  });

  it("refuses a larger form body with 413 code 24", async () => {
    const body = new FormData();
    body.append("text", "y".repeat(LIMIT * 2));
    const res = await call(form, { rawBody: body });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(24);
  });

  it.each([
    ["JSON", json, "application/json"],
    ["form", form, "application/x-www-form-urlencoded"],
  ])(
    "refuses a %s body that announces too much before reading any of it",
    async (_what, handler, type) => {
      const body = meteredBody(10 * LIMIT);
      const res = await handler(
        streamingRequest("/api/test", body.stream, {
          "content-type": type,
          "content-length": String(10 * LIMIT),
        }),
        noParams,
      );
      expect(res.status).toBe(413);
      expect(body.state.pulled).toBe(0);
    },
  );

  it("stops reading a body without a length soon after the limit", async () => {
    const body = meteredBody(Infinity, 256);
    const res = await json(
      streamingRequest("/api/test", body.stream, { "content-type": "application/json" }),
      noParams,
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(24);
    expect(body.state.pulled).toBeLessThanOrEqual(2 * LIMIT + 256);
    expect(body.state.cancelled).toBe(true);
  });

  it("reads a body of any size where no limit is declared", async () => {
    const res = await call(unlimited, { body: { text: "z".repeat(10 * LIMIT) } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["a JSON body", json, "application/json", "The request body could not be read"],
    ["a text body", text, "text/plain", "The request body could not be read"],
    [
      "a body where none is expected",
      noBody,
      "application/json",
      "The request body could not be read",
    ],
    [
      "a form body",
      form,
      "application/x-www-form-urlencoded",
      "The request body could not be read",
    ],
  ])(
    "answers %s that breaks off with 400 code 22, not as a server fault",
    async (_what, handler, type, message) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const res = await handler(
          streamingRequest("/api/test", brokenOffBody(), { "content-type": type }),
          noParams,
        );
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: { code: 22, message } });
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    },
  );
});
