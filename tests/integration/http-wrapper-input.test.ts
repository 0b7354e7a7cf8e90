import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { otherMethods, route } from "@/lib/http/handler";
import { call } from "../support/http";
import { staffWithSession } from "../support/staff";

// How the route wrapper reads and refuses input, before any handler runs: each refusal in the
// error envelope with the field it concerns.

const anything = route({ auth: "none", body: z.unknown() }, ({ body }) => ({ got: body }));
const nested = route(
  {
    auth: "none",
    body: z.object({ a: z.object({ b: z.string() }).optional(), list: z.array(z.string()) }),
  },
  ({ body }) => ({ got: body }),
);
const wholeRule = route(
  { auth: "none", body: z.object({ x: z.string() }).refine(() => false, "not as a whole") },
  () => ({}),
);
const twoRules = route(
  { auth: "none", body: z.object({ name: z.string().min(2, "too short").regex(/x/, "needs x") }) },
  () => ({}),
);
const form = route(
  { auth: "none", body: z.object({ name: z.string() }), bodyKind: "form" },
  ({ body }) => ({ got: body }),
);
const multipart = route(
  { auth: "none", body: z.instanceof(FormData), bodyKind: "multipart" },
  ({ body }) => ({ names: [...body.keys()] }),
);
const withQuery = route(
  { auth: "none", query: z.object({ page: z.string().optional() }) },
  ({ query }) => ({ query }),
);
const withoutQuery = route({ auth: "none" }, () => ({ ok: true }));
const crossOrigin = route({ auth: "none", allowCrossOrigin: true }, () => ({ ok: true }));
const optional = route({ auth: "optional" }, ({ user }) => ({ id: user?.id ?? null }));
const anonymous = route({ auth: "none" }, ({ user, session }) => ({
  id: user?.id ?? null,
  session: session !== null,
}));
const staff = route({ auth: "staff" }, ({ user }) => ({ id: user.id }));

const NUL = "Contains a NUL character";
const refusal = (fields: Record<string, string>) => ({
  error: { code: 22, message: "Invalid input", fields },
});

describe("a NUL character anywhere in the input", () => {
  const cases: { name: string; body: unknown; route?: typeof anything; field: string }[] = [
    { name: "in a nested value", body: { a: { b: "x\u0000y" }, list: [] }, field: "a.b" },
    { name: "in an array item", body: { list: ["fine", "b\u0000"] }, field: "list.1" },
    { name: "in a key", body: { a: { "k\u0000": "v" }, list: [] }, field: "a.k\u0000" },
    { name: "in a top-level key", body: { "k\u0000": 1 }, route: anything, field: "k\u0000" },
    { name: "as the whole body", body: "x\u0000", route: anything, field: "_" },
  ];
  it.each(cases)("is refused with the field it is in: $name", async (c) => {
    const res = await call(c.route ?? nested, { body: c.body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal({ [c.field]: NUL }));
  });

  it("is looked for in every part of a deep body, and a clean one passes", async () => {
    const body = { a: { b: "clean" }, list: ["one", "two"] };
    const res = await call(nested, { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ got: body });
    // Values that are no strings and hold nothing (null, numbers, booleans) are stepped over.
    const plain = { a: null, n: 1, t: true, list: [null, 2, false, { deep: null }] };
    const other = await call(anything, { body: plain });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ got: plain });
  });

  it("is refused in a text field of a multipart form", async () => {
    const form = new FormData();
    form.set("upload", new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" }));
    form.set("title", "Report\u0000");
    const res = await call(multipart, { rawBody: form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal({ title: NUL }));
  });

  it("is refused in a form field and in a file's name", async () => {
    const field = new FormData();
    field.set("name", "A\u0000");
    const res = await call(form, { rawBody: field });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal({ name: NUL }));

    const file = new FormData();
    file.set("upload", new File(["%PDF-1.4"], "report\u0000.pdf", { type: "application/pdf" }));
    const upload = await call(multipart, { rawBody: file });
    expect(upload.status).toBe(400);
    expect(upload.body).toEqual(refusal({ upload: NUL }));
  });
});

describe("half of a surrogate pair anywhere in the input (JSON lets it through, Postgres refuses it)", () => {
  const NOT_UNICODE = "Contains text that is not valid Unicode";
  const cases: { name: string; body: unknown; route?: typeof anything; field: string }[] = [
    { name: "a high half alone", body: { a: { b: "x\ud800" }, list: [] }, field: "a.b" },
    { name: "a low half alone", body: { list: ["fine", "\udc00y"] }, field: "list.1" },
    {
      name: "halves the wrong way round",
      body: { a: { b: "\udc00\ud800" }, list: [] },
      field: "a.b",
    },
    { name: "in a key", body: { "k\ud83d": 1 }, route: anything, field: "k\ud83d" },
  ];
  it.each(cases)("is refused with the field it is in: $name", async (c) => {
    const res = await call(c.route ?? nested, { body: c.body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal({ [c.field]: NOT_UNICODE }));
  });

  it("lets a whole pair through: an emoji is text like any other", async () => {
    const body = { a: { b: "dank je \ud83d\ude42" }, list: ["\u{1F642}"] };
    const res = await call(nested, { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ got: body });
  });
});

describe("validation messages", () => {
  it("name a rule on the whole body '_'", async () => {
    const res = await call(wholeRule, { body: { x: "y" } });
    expect(res.body).toEqual(refusal({ _: "not as a whole" }));
  });

  it("name a field in a nested object or an array by its dotted path", async () => {
    const inObject = await call(nested, { body: { a: { b: 5 }, list: [] } });
    expect(inObject.status).toBe(400);
    expect(Object.keys(inObject.body.error.fields)).toEqual(["a.b"]);
    const inArray = await call(nested, { body: { list: ["fine", 3] } });
    expect(Object.keys(inArray.body.error.fields)).toEqual(["list.1"]);
  });

  it("give each field its first message", async () => {
    const res = await call(twoRules, { body: { name: "A" } });
    expect(res.body).toEqual(refusal({ name: "too short" }));
  });
});

describe("reading the body", () => {
  it("holds a route that takes no body to the same limit: a larger one is refused, read or not", async () => {
    const small = await call(withoutQuery, { rawBody: "x".repeat(1000) });
    expect(small.status).toBe(200);
    const large = await call(withoutQuery, { rawBody: "x".repeat(1024 * 1024 + 1) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      error: { code: ErrorCode.FILE_REJECTED, message: "The request body is too large" },
    });
  });

  it("reads an empty JSON body as an empty object", async () => {
    const res = await call(anything, {
      rawBody: "  ",
      headers: { "content-type": "application/json" },
    });
    expect(res.body).toEqual({ got: {} });
  });

  it("takes the media type in any case, with parameters", async () => {
    const res = await call(anything, {
      rawBody: '{"a":1}',
      headers: { "content-type": "Application/JSON; charset=utf-8" },
    });
    expect(res.body).toEqual({ got: { a: 1 } });
  });

  it("says what it expected of a body that is not JSON, and of one that does not parse", async () => {
    const plain = await call(anything, {
      rawBody: "a=1",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);
    expect(plain.body.error).toEqual({ code: 22, message: "Expected an application/json body" });
    const broken = await call(anything, {
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.body.error).toEqual({ code: 22, message: "Malformed JSON body" });
  });

  it("reads a form as its fields, and refuses a form that does not parse", async () => {
    const fields = new FormData();
    fields.set("name", "Ann");
    expect((await call(form, { rawBody: fields })).body).toEqual({ got: { name: "Ann" } });
    const broken = await call(form, {
      rawBody: "--x\r\nnonsense",
      headers: { "content-type": "multipart/form-data; boundary=y" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toEqual({ code: 22, message: "Malformed form body" });
  });
});

describe("the query", () => {
  it("refuses a name given twice when the route reads the query", async () => {
    const res = await call(withQuery, { path: "/api/test?page=1&page=2" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal({ page: "Given more than once" }));
    const once = await call(withQuery, { path: "/api/test?page=2" });
    expect(once.body).toEqual({ query: { page: "2" } });
  });

  it("is not looked at by a route that does not read it", async () => {
    const res = await call(withoutQuery, { path: "/api/test?page=1&page=2" });
    expect(res.status).toBe(200);
  });
});

describe("who may call", () => {
  it("lets a route meant for mail clients take a POST from anywhere, and only that route", async () => {
    const foreign = { method: "POST", origin: "https://mail.example" } as const;
    expect((await call(crossOrigin, foreign)).status).toBe(200);
    expect((await call(withoutQuery, foreign)).status).toBe(403);
    // Reading needs no origin check on any route.
    expect((await call(withoutQuery, { origin: "https://elsewhere.example" })).status).toBe(200);
  });

  it("reads the session on an 'optional' route and lets anonymous callers in", async () => {
    const { user, cookie } = await staffWithSession();
    expect((await call(optional, { cookie })).body).toEqual({ id: user.id });
    expect((await call(optional, {})).body).toEqual({ id: null });
  });

  it("never tells an anonymous route who is signed in, nor renews their session there", async () => {
    const { cookie } = await staffWithSession();
    const res = await call(anonymous, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: null, session: false });
    expect(res.setCookies).toEqual([]);
  });

  it("clears the signed-in hint only when the answer is 'not signed in' and the hint is there", async () => {
    const hinted = await call(staff, { cookie: "signed_in=1" });
    expect(hinted.status).toBe(401);
    expect(hinted.setCookies.some((c) => c.startsWith("signed_in=;"))).toBe(true);
    const unhinted = await call(staff, { cookie: "other=1" });
    expect(unhinted.setCookies).toEqual([]);
    const refusedOtherwise = await call(withQuery, {
      path: "/api/test?page=1&page=2",
      cookie: "signed_in=1",
    });
    expect(refusedOtherwise.setCookies).toEqual([]);
  });
});

describe("methods a route file does not implement", () => {
  it("answer 405 in the envelope, with the methods that do exist", async () => {
    const withGet = otherMethods("GET", "POST");
    const res = await call(withGet.DELETE, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: { code: 14, message: "Method not allowed" } });
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(withGet.PUT.allow).toEqual(["GET", "POST"]);
    expect(Object.keys(withGet).sort()).toEqual(["DELETE", "PATCH", "PUT"]);
    const postOnly = otherMethods("POST");
    const get = await call(postOnly.GET, {});
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("an unexpected failure", () => {
  it("is logged with the method and path, and answered with code 13", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failing = route({ auth: "none" }, () => {
        throw new Error("boom");
      });
      const res = await call(failing, { path: "/api/somewhere?x=1" });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe(13);
      const line = JSON.parse(String(error.mock.calls[0]?.[0])) as Record<string, unknown>;
      expect(line).toMatchObject({ scope: "api", method: "GET", path: "/api/somewhere" });
    } finally {
      error.mockRestore();
    }
  });
});
