import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDocs } from "@/scripts/check-docs";

// The docs check must bite: on a small repository laid out like the project, a document that
// names only what exists passes, and every made-up name in one fails with that name.

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

const repoFiles: Record<string, string> = {
  "package.json": JSON.stringify({ scripts: { test: "vitest run", "check:docs": "tsx x.ts" } }),
  ".gitignore": "node_modules/\n.data/\n",
  "config/schema.ts":
    "// staleHelper was removed\nexport const envSchema = { APP_URL: 1, HELP_PHONE: 2 };\n",
  "lib/auth/session.ts":
    "export function createSession(tx) {}\nexport const ErrorCode = { NOT_FOUND: 14 };\n",
  "app/api/study/[id]/route.ts": "export const GET = 1;\n",
  "app/api/[...path]/route.ts": "export const GET = 1;\nexport const POST = 1;\n",
  "app/[locale]/(admin)/admin/studies/page.tsx": "export default function Page() {}\n",
  "i18n/messages/en/errors.json": JSON.stringify({ formFallback: "x", codes: { "14": "y" } }),
  "node_modules/some-pkg/package.json": "{}",
  "scripts/dev.ts": "export {};\n",
};

function repo(docs: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-docs-"));
  created.push(dir);
  for (const [file, content] of Object.entries({ ...repoFiles, ...docs })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const names = (root: string) => checkDocs(root).map((p) => p.name);

describe("the docs check", () => {
  it("passes a document that names only what exists", () => {
    const root = repo({
      "README.md": [
        "Sessions start in `createSession(tx)` (`lib/auth/session.ts`, `@/lib/auth/session`),",
        "errors compare with `ErrorCode.NOT_FOUND`, settings are `APP_URL` and `HELP_*` in",
        "`config/`, texts in `i18n/messages/<locale>/errors.json` (`errors.formFallback`).",
        "`GET /api/study/{id}` and `/admin/studies` exist; run `npm run check:docs` or `npm test`.",
        'Literals are not names: `{"status":"ok"}`, `0800 1234`, `mail.example.org`, `\'none\'`,',
        "`application/pdf`; neither are outputs such as `.data/pglite`. See [more](docs/area.md).",
        "",
        "```bash",
        "npm ci && npm run check:docs   # a comment naming `nothing`",
        "node --max-old-space-size=192 server.js",
        "```",
      ].join("\n"),
      "docs/area.md": "The layout: `lib/**/*.ts`, `app/api/`, `some-pkg`.\n",
    });
    expect(checkDocs(root)).toEqual([]);
  });

  it.each([
    ["an identifier", "`madeUpHelper(tx)`", "madeUpHelper(tx)"],
    ["a dotted identifier", "`ErrorCode.NO_SUCH_CODE`", "ErrorCode.NO_SUCH_CODE"],
    ["a name found only in a comment", "`staleHelper`", "staleHelper"],
    ["a file path", "`lib/auth/sessions.ts`", "lib/auth/sessions.ts"],
    ["a bare file name", "`session.tsx`", "session.tsx"],
    ["a folder glob", "`lib/mail/**`", "lib/mail/**"],
    ["an environment variable", "`NO_SUCH_VARIABLE`", "NO_SUCH_VARIABLE"],
    ["an npm script", "`npm run check:everything`", "npm run check:everything"],
    ["an API path", "`/api/study/{id}/survey`", "/api/study/{id}/survey"],
    ["a method a route does not export", "`POST /api/study/{id}`", "POST /api/study/{id}"],
    ["a page path", "`/admin/staff`", "/admin/staff"],
    ["a message key", "`errors.noSuchText`", "errors.noSuchText"],
    ["a link to a file", "[notes](DESIGN-NOTES.md)", "DESIGN-NOTES.md"],
  ])("fails on a made-up %s and names it", (_kind, text, name) => {
    const root = repo({ "README.md": `Intro.\n\nSee ${text} here.\n` });
    const problems = checkDocs(root);
    expect(problems.map((p) => p.name)).toEqual([name]);
    expect(problems[0]).toMatchObject({ file: "README.md", line: 3 });
  });

  it("checks scripts and repository paths in fenced blocks, and every file of docs/", () => {
    const root = repo({
      "README.md": "```bash\nnpm run nope\nnode scripts/missing.mjs\n```\n",
      "docs/x.md": "A name over two lines: `createSession(tx,\nmore)` and `missingThing`.\n",
    });
    expect(names(root)).toEqual(["npm run nope", "node scripts/missing.mjs", "missingThing"]);
  });
});
