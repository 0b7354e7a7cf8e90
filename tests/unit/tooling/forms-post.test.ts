import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every form says method="post". A form submitted before the page's script has started is sent
 * by the browser itself; without a method that is a GET, which puts every field (an address, a
 * password, an answer token) into the address bar, the history and the server's logs.
 */
const roots = ["components", "app"];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return full.endsWith(".tsx") ? [full] : [];
  });
}

const forms = roots
  .flatMap((root) => tsxFiles(path.resolve(root)))
  .flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/<form\b[^>]*>/g)].map((m) => ({
      file: path.relative(process.cwd(), file),
      tag: m[0],
    })),
  );

describe("forms", () => {
  it("are found (the scan itself works)", () => {
    expect(forms.length).toBeGreaterThanOrEqual(12);
    // The sign-in form, and the one form every dialog with fields is built from.
    for (const file of ["login-dialog.tsx", "form-dialog.tsx"]) {
      expect(forms.some((f) => f.file.endsWith(file))).toBe(true);
    }
  });

  it.each(forms.map((f) => [`${f.file}: ${f.tag.slice(0, 60)}`, f.tag] as const))(
    "%s posts, so nothing typed lands in an address",
    (_name, tag) => {
      expect(tag).toMatch(/\bmethod="post"/);
    },
  );
});
