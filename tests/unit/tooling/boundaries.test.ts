import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

// The boundary rules must bite: the real checker, with the real configuration, runs on small
// trees laid out like the project, and the wrong imports in them must fail it.

const repo = path.resolve(__dirname, "../../..");
const run = promisify(execFile);
const created: string[] = [];

afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

const marked = 'import "server-only";\n';

/** A tree in a temporary folder, with the project's node_modules and "@/" path alias. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-boundaries-"));
  created.push(dir);
  symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
  const tsconfig = {
    compilerOptions: {
      module: "esnext",
      moduleResolution: "bundler",
      jsx: "react-jsx",
      paths: { "@/*": ["./*"] },
    },
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

type Violation = { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] };

async function depcruise(dir: string, outputType: "err" | "json") {
  const args = [
    "--config",
    path.join(repo, ".dependency-cruiser.cjs"),
    "--output-type",
    outputType,
  ];
  try {
    const { stdout } = await run(path.join(repo, "node_modules/.bin/depcruise"), [...args, "."], {
      cwd: dir,
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (typeof failed.code !== "number" || failed.stdout === undefined) throw error;
    return { code: failed.code, stdout: failed.stdout };
  }
}

/**
 * Runs `depcruise` as `npm run lint:boundaries` does, for its exit code, and again for the
 * violations in detail (its JSON report always exits with 0).
 */
async function check(dir: string): Promise<{ code: number; violations: Violation[] }> {
  const [lint, report] = await Promise.all([depcruise(dir, "err"), depcruise(dir, "json")]);
  const result = JSON.parse(report.stdout) as { summary: { violations: Violation[] } };
  return { code: lint.code, violations: result.summary.violations };
}

function rulesBroken(violations: Violation[], from: string): string[] {
  return [...new Set(violations.filter((v) => v.from === from).map((v) => v.rule.name))].sort();
}

/** The bottom layers every fixture has: a marked config and database module, client-safe codes. */
const base = {
  "config/index.ts": `${marked}export const config = { url: "x" };\n`,
  "db/client.ts": `${marked}import { config } from "@/config";\nexport const getDb = () => config;\n`,
  "lib/errors/codes.shared.ts": "export const ErrorCode = { NOT_FOUND: 14 } as const;\n",
  "lib/errors/app-error.ts": `${marked}import { ErrorCode } from "./codes.shared";\nexport const notFound = () => ErrorCode.NOT_FOUND;\n`,
};

describe("the module boundary check", () => {
  it("passes a tree that keeps to the rules", { timeout: 60_000 }, async () => {
    const dir = tree({
      ...base,
      "lib/panel/list.ts": `${marked}import { getDb } from "@/db/client";\nexport const list = () => getDb();\n`,
      "lib/panel/schemas.shared.ts":
        'import { ErrorCode } from "@/lib/errors/codes.shared";\nexport const code = ErrorCode;\n',
      "lib/http/handler.ts": `${marked}import { notFound } from "@/lib/errors/app-error";\nexport const route = () => notFound();\n`,
      "components/panel/list-view.tsx":
        '"use client";\nimport { code } from "@/lib/panel/schemas.shared";\nexport function ListView() { return <p>{code.NOT_FOUND}</p>; }\n',
      "app/page.tsx":
        'import { ListView } from "@/components/panel/list-view";\nimport { list } from "@/lib/panel/list";\nimport { route } from "@/lib/http/handler";\nexport default function Page() { list(); route(); return <ListView />; }\n',
    });
    const { code, violations } = await check(dir);
    expect(violations).toEqual([]);
    expect(code).toBe(0);
  });

  it("fails on wrong imports and cycles, naming each rule", { timeout: 60_000 }, async () => {
    const dir = tree({
      ...base,
      // A client component that reaches for the database.
      "components/admin/bad-client.tsx":
        '"use client";\nimport { getDb } from "@/db/client";\nexport function Bad() { return <p>{String(getDb())}</p>; }\n',
      // A "use client" file outside components/ doing the same.
      "app/widget.tsx":
        '"use client";\nimport { getDb } from "@/db/client";\nexport function Widget() { return <p>{String(getDb())}</p>; }\n',
      // A component that reaches a server module through a module the browser may load.
      "lib/panel/schemas.shared.ts":
        'import { notFound } from "@/lib/errors/app-error";\nexport const nf = notFound;\n',
      "components/panel/form.tsx":
        'import { nf } from "@/lib/panel/schemas.shared";\nexport function Form() { return <p>{nf()}</p>; }\n',
      // Two packages that depend on each other, without any module cycle.
      "lib/alpha/one.ts": `${marked}import { two } from "@/lib/beta/two";\nexport const one = () => two;\n`,
      "lib/beta/three.ts": `${marked}import { four } from "@/lib/alpha/four";\nexport const three = () => four;\n`,
      "lib/alpha/four.ts": `${marked}export const four = 4;\n`,
      "lib/beta/two.ts": `${marked}export const two = 2;\n`,
      // Domain code that imports the route layer, and a module without the server-only mark.
      "lib/http/status.ts": `${marked}export const status = 404;\n`,
      "lib/studies/read.ts": `${marked}import { status } from "@/lib/http/status";\nexport const read = () => status;\n`,
      "lib/studies/unmarked.ts": "export const unmarked = 1;\n",
      // The database layer reaching up into a domain area.
      "lib/auth/session.ts": `${marked}export const session = 1;\n`,
      "db/seed.ts": `${marked}import { session } from "@/lib/auth/session";\nexport const seed = session;\n`,
    });
    const { code, violations } = await check(dir);
    expect(code).toBeGreaterThan(0);
    expect(rulesBroken(violations, "components/admin/bad-client.tsx")).toEqual([
      "client-not-to-db",
      "client-not-to-server-only",
    ]);
    expect(rulesBroken(violations, "app/widget.tsx")).toEqual([
      "client-not-to-db",
      "client-not-to-server-only",
    ]);
    expect(rulesBroken(violations, "components/panel/form.tsx")).toEqual([
      "client-not-to-server-only",
    ]);
    expect(rulesBroken(violations, "lib/panel/schemas.shared.ts")).toEqual([
      "client-not-to-server-only",
    ]);
    const packageCycles = violations.filter((v) => v.rule.name === "no-package-cycles");
    expect(packageCycles.map((v) => v.from).sort()).toEqual(["lib/alpha", "lib/beta"]);
    expect(violations.some((v) => v.rule.name === "no-module-cycles")).toBe(false);
    expect(rulesBroken(violations, "lib/studies/read.ts")).toEqual(["only-routes-import-http"]);
    expect(rulesBroken(violations, "lib/studies/unmarked.ts")).toEqual([
      "server-modules-are-marked",
    ]);
    expect(rulesBroken(violations, "db/seed.ts")).toEqual(["db-imports-only-config"]);
  });

  it("fails on a cycle between two modules", { timeout: 60_000 }, async () => {
    const dir = tree({
      ...base,
      "lib/jobs/a.ts": `${marked}import { b } from "./b";\nexport const a = () => b;\n`,
      "lib/jobs/b.ts": `${marked}import { a } from "./a";\nexport const b = () => a;\n`,
    });
    const { code, violations } = await check(dir);
    expect(code).toBeGreaterThan(0);
    expect(violations.map((v) => v.rule.name)).toContain("no-module-cycles");
  });
});

describe("the ESLint rule for client code", () => {
  const eslint = new ESLint({ cwd: repo });
  const problems = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
    return result.messages
      .filter((m) => m.ruleId === "boundaries/client-boundary")
      .map((m) => m.line);
  };

  it(
    "flags the database and server-only imports of client files",
    { timeout: 60_000 },
    async () => {
      const client = '"use client";\nimport { getDb } from "@/db/client";\nimport "server-only";\n';
      expect(await problems(client, "app/x/widget.tsx")).toEqual([2, 3]);
      expect(
        await problems('import { route } from "@/lib/http/handler";\n', "components/a/b.tsx"),
      ).toEqual([1]);
      expect(await problems('import { getDb } from "@/db/client";\n', "app/x/page.tsx")).toEqual(
        [],
      );
    },
  );
});
