/**
 * Checks that README.md and docs/*.md name only what exists: every code-formatted file path,
 * identifier, environment variable, npm script, API path, page path and message key must be
 * found in the repository. Prints each name it cannot find and exits 1 (`npm run check:docs`).
 *
 * What counts as what (inside backticks, outside fenced blocks):
 * - `lib/auth/schemas.shared.ts`, `tests/support/`, `@/components/ui/alert`, `db/**` or
 *   `i18n/messages/<locale>/mail.json`: a path, matched against the files on disk (`<x>`, `*`,
 *   `**` and `{a,b}` are wildcards; a missing extension tries the source ones);
 * - `next.config.ts` (a bare file name): some file of that name exists;
 * - `/api/study/{id}/survey`, `GET /api/health`, `/admin/studies`: a route under `app/`
 *   (`{x}`, `<x>`, `[x]`, `…` match a dynamic segment; a method must be exported by the route);
 * - `TRUST_PROXY`, `HELP_*`: an environment variable some code reads;
 * - `npm run bench -- export`, `npm test`: a script of package.json;
 * - `errors.formFallback`, `mail.panel.*`: a message key (the first part names a file of
 *   i18n/messages/en);
 * - `transaction(tx, work)`, `ErrorCode.NOT_FOUND`, `DbOrTx`: every dotted part is a name in the
 *   code (comments do not count);
 * - `X-Forwarded-For`, `server-only`: a hyphenated name appears somewhere in the code or config.
 * Anything else (literals such as `{"status":"ok"}`, `0800 1234`, SQL) is not checked. In
 * fenced blocks only `npm run` scripts and repository paths are checked.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type DocProblem = { file: string; line: number; name: string; reason: string };

const TEXT_EXT =
  /\.(ts|tsx|mts|mjs|cjs|js|json|sql|css|ya?ml|svg|sh|txt)$|(^|\/)(Dockerfile|run|\.env\.example|\.gitignore|\.dockerignore)$/;
const SOURCE_EXTS = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", "/index.ts", "/index.tsx"];
/** Docs describe the code; they never count as evidence for each other. */
const NOT_EVIDENCE = /^(README\.md|BENCHMARKS\.md|docs\/|reports\/|package-lock\.json$)/;

export type RepoIndex = {
  root: string;
  files: string[];
  dirs: Set<string>;
  basenames: Set<string>;
  words: Set<string>;
  lowerText: string;
  scripts: Set<string>;
  messageKeys: string[];
  namespaces: Set<string>;
  routes: { segments: string[]; file: string }[];
  ignored: string[];
};

function ignoredPrefixes(root: string): string[] {
  const file = path.join(root, ".gitignore");
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : [];
  const out = [".git/"];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("!") || line.includes("*")) continue;
    out.push(line.replace(/^\//, ""));
  }
  return out;
}

const isIgnored = (rel: string, ignored: string[]) =>
  ignored.some((p) =>
    p.endsWith("/") ? `${rel}/`.startsWith(p) : rel === p || rel.startsWith(`${p}/`),
  );

function walk(root: string, ignored: string[], rel = "", out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (isIgnored(child, ignored)) continue;
    if (entry.isDirectory()) walk(root, ignored, child, out);
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** Removes comments from JavaScript and TypeScript so a stale comment proves nothing. */
export function stripComments(source: string): string {
  return source.replace(/(^|\s)\/\*[\s\S]*?\*\//g, "$1").replace(/(^|\s)\/\/.*$/gm, "$1");
}

function flattenKeys(value: unknown, prefix: string, out: string[]) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flattenKeys(child, `${prefix}.${key}`, out);
  } else out.push(prefix);
}

function routeSegments(file: string): string[] {
  return file
    .replace(/^app\//, "")
    .split("/")
    .slice(0, -1)
    .filter((s) => s !== "[locale]" && !/^\(.*\)$/.test(s));
}

export function indexRepo(root: string): RepoIndex {
  const ignored = ignoredPrefixes(root);
  const files = walk(root, ignored).sort();
  const dirs = new Set<string>();
  for (const f of files) {
    const parts = f.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  const words = new Set<string>();
  let lowerText = "";
  for (const f of files) {
    if (NOT_EVIDENCE.test(f) || !TEXT_EXT.test(f)) continue;
    const text = fs.readFileSync(path.join(root, f), "utf8");
    const code = /\.(ts|tsx|mts|mjs|cjs|js)$/.test(f) ? stripComments(text) : text;
    for (const w of code.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
    lowerText += `${text.toLowerCase()}\n`;
  }
  const pkgFile = path.join(root, "package.json");
  const pkg = fs.existsSync(pkgFile) ? JSON.parse(fs.readFileSync(pkgFile, "utf8")) : {};
  const messageKeys: string[] = [];
  const namespaces = new Set<string>();
  for (const f of files.filter((f) => /^i18n\/messages\/en\/[^/]+\.json$/.test(f))) {
    const ns = path.basename(f, ".json");
    namespaces.add(ns);
    flattenKeys(JSON.parse(fs.readFileSync(path.join(root, f), "utf8")), ns, messageKeys);
  }
  const routes = files
    .filter((f) => /^app\/.*\/(route\.ts|page\.tsx)$|^app\/page\.tsx$/.test(f))
    .map((file) => ({ file, segments: routeSegments(file) }))
    .filter((r) => !r.segments.some((s) => s.startsWith("[...") || s.startsWith("[[...")));
  return {
    root,
    files,
    dirs,
    basenames: new Set(files.map((f) => path.basename(f))),
    words,
    lowerText,
    scripts: new Set(Object.keys(pkg.scripts ?? {})),
    messageKeys,
    namespaces,
    routes,
    ignored,
  };
}

const WILDCARD_SEGMENT = /^(\{.*\}|<.*>|\[.*\]|…|\.\.\.|\*|:\w+)$/;

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      re += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "<") {
      const end = glob.indexOf(">", i);
      re += "[^/]+";
      i = end < 0 ? i : end;
    } else if (c === "{") {
      const end = glob.indexOf("}", i);
      const options = glob.slice(i + 1, end).split(",");
      re += `(?:${options.map((o) => o.replace(/[.+?^$()|[\]\\]/g, "\\$&")).join("|")})`;
      i = end;
    } else re += c.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

function pathExists(index: RepoIndex, raw: string): boolean {
  const rel = raw
    .replace(/^@\//, "")
    .replace(/^\.\//, "")
    .replace(/:\d+(:\d+)?(-\d+:\d+)?$/, "")
    .replace(/\/$/, "");
  if (isIgnored(rel, index.ignored)) {
    return !rel.startsWith("node_modules/") || fs.existsSync(path.join(index.root, rel));
  }
  if (!/[*<{]/.test(rel)) {
    return SOURCE_EXTS.some((ext) => index.files.includes(rel + ext)) || index.dirs.has(rel);
  }
  const re = globToRegExp(rel);
  return index.files.some((f) => re.test(f)) || [...index.dirs].some((d) => re.test(d));
}

/** A package import path such as `@radix-ui/react-dialog` or `use-intl/format-message`. */
function packageExists(index: RepoIndex, name: string): boolean {
  const parts = name.split("/");
  const pkg = name.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return fs.existsSync(path.join(index.root, "node_modules", pkg, "package.json"));
}

function checkPath(index: RepoIndex, raw: string): string | null {
  const top = raw.replace(/^(@\/|\.\/)/, "").split("/")[0];
  const repoTop = index.dirs.has(top) || index.files.includes(top) || isIgnored(top, index.ignored);
  if (!raw.includes("/")) {
    return index.basenames.has(raw) || pathExists(index, raw) ? null : "no file of that name";
  }
  if (repoTop || raw.startsWith("@/")) return pathExists(index, raw) ? null : "no such path";
  if (/^@?[a-z0-9][\w.-]*(\/[\w.-]+)*$/.test(raw) && packageExists(index, raw)) return null;
  return "no such path or package";
}

function checkRoute(index: RepoIndex, raw: string, method?: string): string | null {
  const clean = raw.replace(/[?#].*$/, "").replace(/\/\*\*$/, "/");
  const prefix = clean.endsWith("/") && clean !== "/";
  const segments = clean.split("/").filter(Boolean);
  const first = index.routes.map((r) => r.segments[0]);
  if (segments.length > 0 && !first.includes(segments[0])) return null; // not one of ours
  const fits = (route: { segments: string[] }) =>
    (prefix
      ? route.segments.length >= segments.length
      : route.segments.length === segments.length) &&
    segments.every((s, i) => {
      const r = route.segments[i];
      return (
        s === r || WILDCARD_SEGMENT.test(s) || (/^\[.*\]$/.test(r) && !WILDCARD_SEGMENT.test(s))
      );
    });
  const matches = index.routes.filter(fits);
  if (matches.length === 0) return "no such route";
  if (method) {
    const exported = matches.some((r) =>
      new RegExp(`\\b${method}\\b`).test(fs.readFileSync(path.join(index.root, r.file), "utf8")),
    );
    if (!exported) return `no route exports ${method}`;
  }
  return null;
}

function checkIdentifier(index: RepoIndex, raw: string): string | null {
  const head = raw.match(/^[A-Za-z_$][\w$]*(?:\.(?:[\w$]+|\*))*/)?.[0] ?? raw;
  const parts = head.split(".");
  if (parts.length > 1 && index.namespaces.has(parts[0])) {
    const key = head.replace(/\.\*$/, "");
    const found = index.messageKeys.some((k) => k === key || k.startsWith(`${key}.`));
    return found ? null : "no such message key";
  }
  if (parts.length === 1 && packageExists(index, head)) return null;
  const known = (p: string, i: number) =>
    p === "*" || /^\d+$/.test(p) || index.words.has(p) || (i === 0 && p in globalThis);
  const missing = parts.filter((p, i) => !known(p, i));
  return missing.length ? `no such name in the code (${missing.join(", ")})` : null;
}

function checkEnv(index: RepoIndex, raw: string): string | null {
  if (raw.endsWith("*")) {
    const prefix = raw.slice(0, -1);
    return [...index.words].some((w) => w.startsWith(prefix)) ? null : "no variable of that prefix";
  }
  return index.words.has(raw) ? null : "no such environment variable in the code";
}

function checkCommand(index: RepoIndex, command: string): string[] {
  const problems: string[] = [];
  const npm = command.match(/^npm (?:run )?([\w:.-]+)/);
  if (npm && !["ci", "install", "i", "exec"].includes(npm[1]) && !index.scripts.has(npm[1])) {
    problems.push(`no npm script "${npm[1]}"`);
  }
  for (const token of command.split(/\s+/)) {
    const t = token.replace(/^["'(<]+|["'),;:>]+$/g, "");
    const top = t.split("/")[0];
    if (t.includes("/") && !t.startsWith("/") && index.dirs.has(top) && !pathExists(index, t)) {
      problems.push(`no such path ${t}`);
    }
  }
  return problems;
}

const METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

/** The problem with one code span, or null when it is found or is not a name. */
export function checkSpan(index: RepoIndex, span: string): string | null {
  const s = span.trim().replace(/\s+/g, " ");
  if (!s || /^(["'<]).*$/.test(s)) return null; // a quoted literal or markup
  if (/^(application|text|image|multipart)\/[\w.+-]+$/.test(s)) return null; // a media type
  if (/^[\w-]+(\.[\w-]+)*\.(org|com|net|nl|io)$/.test(s)) return null; // a host name
  if (/^\.[a-z]\w*$/i.test(s) && !index.basenames.has(s)) return null; // an extension, a property
  const method = s.match(/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/\S*)/);
  if (method) return checkRoute(index, method[2], method[1]);
  if (/^(npm|npx|node|tsx) /.test(s)) return checkCommand(index, s)[0] ?? null;
  if (/^[A-Za-z_$][\w$.]*(<[^>]*>)?\(/.test(s)) return checkIdentifier(index, s);
  if (s.includes(" ")) return null;
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+(_\*)?$|^[A-Z][A-Z0-9]*_\*$/.test(s)) return checkEnv(index, s);
  if (s.startsWith("/")) return checkRoute(index, s);
  if (/^(@\/|\.{0,2}\/)?[\w@.[\]()*<>{},-]+(\/[\w@.[\]()*<>{},:-]*)+$/.test(s))
    return checkPath(index, s);
  if (/^\.?[\w.-]+\.(ts|tsx|mjs|cjs|js|json|md|ya?ml|sql|css|svg|sh)$|^\.[a-z][\w.-]+$/.test(s)) {
    return checkPath(index, s);
  }
  if (/^[A-Za-z_$][\w$]*(\.(?:[\w$]+|\*))*(<[^>]*>)?$/.test(s) && !METHOD.test(s)) {
    if (/[_-]</.test(s)) return null; // a pattern such as question_<n>
    return checkIdentifier(index, s);
  }
  if (/^[A-Za-z_][\w]*(-[\w]+)+$/.test(s)) {
    const found = index.lowerText.includes(s.toLowerCase()) || packageExists(index, s);
    return found ? null : "not found anywhere in the code";
  }
  return null;
}

/** Every problem in one Markdown text. `file` is its path relative to the repository. */
export function checkMarkdown(index: RepoIndex, file: string, text: string): DocProblem[] {
  const problems: DocProblem[] = [];
  const add = (line: number, name: string, reason: string | null) => {
    if (reason) problems.push({ file, line, name, reason });
  };
  const lines = text.split("\n");
  let fence: string | null = null;
  let paragraph: { line: number; text: string }[] = [];
  const flushParagraph = () => {
    const joined = paragraph.map((p) => p.text).join("\n");
    const lineAt = (offset: number) => {
      let count = 0;
      for (const p of paragraph) {
        count += p.text.length + 1;
        if (offset < count) return p.line;
      }
      return paragraph[paragraph.length - 1]?.line ?? 0;
    };
    for (const m of joined.matchAll(/(`+)([\s\S]+?)\1(?!`)/g))
      add(lineAt(m.index), m[2].trim(), checkSpan(index, m[2]));
    const withoutCode = joined.replace(/(`+)[\s\S]+?\1(?!`)/g, "");
    for (const m of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].replace(/#.*$/, "");
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const rel = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      add(
        lineAt(joined.indexOf(m[0])),
        target,
        pathExists(index, rel) ? null : "link to a missing file",
      );
    }
    paragraph = [];
  };
  lines.forEach((line, i) => {
    const fenceMark = line.match(/^\s*(```+|~~~+)/);
    if (fenceMark) {
      if (fence === null) {
        flushParagraph();
        fence = fenceMark[1];
      } else if (line.trim().startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) {
      for (const command of line.split(/&&|\|\||;|#.*$/)) {
        const c = command.trim();
        if (c) for (const p of checkCommand(index, c)) add(i + 1, c, p);
      }
      return;
    }
    if (line.trim() === "") flushParagraph();
    else paragraph.push({ line: i + 1, text: line });
  });
  flushParagraph();
  return problems;
}

export function docFiles(root: string): string[] {
  const docsDir = path.join(root, "docs");
  const docs = fs.existsSync(docsDir)
    ? fs
        .readdirSync(docsDir)
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`)
    : [];
  return ["README.md", ...docs.sort()].filter((f) => fs.existsSync(path.join(root, f)));
}

export function checkDocs(root: string, files = docFiles(root)): DocProblem[] {
  const index = indexRepo(root);
  return files.flatMap((f) => checkMarkdown(index, f, fs.readFileSync(path.join(root, f), "utf8")));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const files = process.argv.slice(2).length ? process.argv.slice(2) : docFiles(root);
  const problems = checkDocs(root, files);
  for (const p of problems) console.error(`${p.file}:${p.line}: \`${p.name}\`: ${p.reason}`);
  if (problems.length) {
    console.error(`${problems.length} name(s) in the docs not found in the repository.`);
    process.exit(1);
  }
  console.log(`${files.length} documents checked: every name they give exists.`);
}
