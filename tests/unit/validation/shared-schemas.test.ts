import { describe, expect, it } from "vitest";
import {
  digitsSchema,
  emailSchema,
  idOrNumberSchema,
  idParamsSchema,
  idSchema,
  localeSchema,
  uuidSchema,
} from "@/lib/validation/common.shared";

describe("shared validation: ids from paths and query strings", () => {
  it("accept plain positive ids up to the integer range", () => {
    expect(idSchema.parse("1")).toBe(1);
    expect(idSchema.parse("42")).toBe(42);
    expect(idSchema.parse("2147483647")).toBe(2147483647);
    expect(idParamsSchema.parse({ id: "7" })).toEqual({ id: 7 });
  });

  it("refuse anything that only coercion would turn into a number", () => {
    for (const bad of [
      "1e3",
      " 1",
      "1 ",
      "0x10",
      "1.0",
      "+1",
      "-3",
      "0",
      "",
      "01x",
      "abc",
      "2147483648",
      "99999999999",
      "١٢",
    ]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of [1, 1.5, null, undefined, true]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("take an id as a JSON number or as digits where a body may send either", () => {
    expect(idOrNumberSchema.parse(5)).toBe(5);
    expect(idOrNumberSchema.parse("5")).toBe(5);
    for (const bad of [0, -1, 1.5, 2 ** 31, "5a", "1e3", " 5", "", null, true]) {
      expect(idOrNumberSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("bound other whole numbers the same way", () => {
    const perPage = digitsSchema({ min: 1, max: 100 });
    expect(perPage.parse("100")).toBe(100);
    for (const bad of ["0", "101", "1e1", "10.0"]) {
      expect(perPage.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("shared validation: e-mail", () => {
  it("trims and lower-cases an address", () => {
    expect(emailSchema().parse("  A.B@Example.ORG ")).toBe("a.b@example.org");
  });

  it("refuses malformed and overlong addresses with the texts it was given", () => {
    const texts = { required: "vul je e-mail in", invalid: "geen geldig adres" };
    const schema = emailSchema(texts);
    const message = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? null : result.error.issues[0].message;
    };
    expect(message("")).toBe(texts.required);
    expect(message("   ")).toBe(texts.required);
    expect(message(undefined)).toBe(texts.required);
    for (const bad of ["a", "a@", "@b.nl", "a b@c.nl", `${"x".repeat(250)}@a.nl`]) {
      expect(message(bad), bad).toBe(texts.invalid);
    }
  });

  it("answers in English by default", () => {
    const result = emailSchema().safeParse("nope");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Please enter a valid email address");
  });
});

describe("shared validation: uuid and locale", () => {
  it("accepts a UUID in any case and lower-cases it", () => {
    expect(uuidSchema.parse("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    for (const bad of ["", "abc", "0f8fad5b-d9cb-469f-a165-70867728950", "'; drop table x"]) {
      expect(uuidSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("knows the site's languages only", () => {
    expect(localeSchema.parse("nl")).toBe("nl");
    expect(localeSchema.parse("en")).toBe("en");
    for (const bad of ["de", "NL", "", "nl-NL"]) {
      expect(localeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
