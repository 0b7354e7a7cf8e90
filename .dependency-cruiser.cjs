/**
 * The module boundaries, checked by `npm run lint` (`depcruise`). Paths are relative to the
 * folder it runs in, so the same rules also run on the small fixture trees of
 * tests/unit/tooling/boundaries.test.ts.
 *
 * Imports point one way: app → components → lib → db. Within lib, the route layer (lib/http)
 * sits on top of the domain areas and nothing below it imports it. db imports nothing of ours
 * but config/, and config/ imports nothing of ours. Code that reaches the browser ("use client" files, everything in components/
 * and the modules named *.shared.ts) never reaches db/ or a module marked
 * `import "server-only"`, and every other module of db/ and lib/ carries that mark, so the
 * build refuses to put it in a browser bundle.
 */
const fs = require("node:fs");
const path = require("node:path");

/**
 * Modules the browser also needs (zod schemas shared by forms, constants, client helpers) say so
 * in their name: `<name>.shared.ts`. They must not reach a server-only module; every other module
 * of db/ and lib/ must carry the server-only mark.
 */
const SHARED = "\\.shared\\.tsx?$";

const SOURCE_DIRS = ["app", "components", "lib"];
const USE_CLIENT = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/;

function escapeRegExp(value) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Files that start with the "use client" directive: they and what they import go to the browser. */
function useClientFiles(root) {
  const found = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) && USE_CLIENT.test(readHead(full))) {
        found.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return found;
}

function readHead(file) {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(2048);
    const bytes = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytes).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

const clientEntries = [
  "^components/",
  ...useClientFiles(process.cwd()).map((file) => `^${escapeRegExp(file)}$`),
];
const SERVER_ONLY = "(^|/)node_modules/server-only/";

/**
 * The layers, top first. A layer may import the ones below it and none above it; the map names the
 * rule that says so for each layer under the top.
 */
const LAYERS = ["app", "components", "lib", "db", "config"];
const LAYER_RULE_NAMES = {
  components: "components-not-to-app",
  lib: "lib-not-to-components",
  db: "db-imports-only-config",
  config: "config-imports-nothing-of-ours",
};

/** A forbidden import: modules matching `from` must not import (or reach) modules matching `to`. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: "error", from, to };
}

function layerRule(layer, index) {
  const above = LAYERS.slice(0, index);
  return forbid(
    LAYER_RULE_NAMES[layer],
    `${layer}/ must not import ${above.map((dir) => `${dir}/`).join(", ")}: imports point one way, ${LAYERS.join(" → ")}.`,
    { path: `^${layer}/` },
    { path: `^(${above.join("|")})/` },
  );
}

/** Code that reaches the browser must not reach what `to` matches, however indirectly. */
function browserRule(name, comment, to) {
  return forbid(name, comment, { path: [...clientEntries, SHARED] }, { path: to, reachable: true });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-package-cycles",
      comment:
        "Packages (db, each lib/<area>, each components/<area>, app) must not depend on each other in a circle.",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|components|lib|db|config)(/|$)" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Modules must not import each other in a circle.",
      severity: "error",
      from: { path: "^(app|components|lib|db|config)/" },
      to: { circular: true },
    },
    forbid(
      "nothing-imports-app",
      "app/ is the top: pages and route handlers compose the rest.",
      { pathNot: "^app/" },
      { path: "^app/" },
    ),
    ...LAYERS.slice(1).map((layer, index) => layerRule(layer, index + 1)),
    forbid(
      "only-routes-import-http",
      "lib/http is the route layer (handler wrapper, origin check, status mapping); domain code, db and components must not import it.",
      { path: "^(lib/(?!http/)|db/|components/)" },
      { path: "^lib/http/" },
    ),
    forbid(
      "client-not-to-db",
      "Code that reaches the browser must not import the database layer.",
      { path: clientEntries },
      { path: "^db/" },
    ),
    browserRule(
      "client-not-to-server-only",
      "Code that reaches the browser must not reach a module marked server-only, however indirectly.",
      SERVER_ONLY,
    ),
    browserRule(
      "common-passwords-stay-on-the-server",
      "The common-password list is checked on the server only (lib/auth/common-passwords.ts); no browser bundle carries it.",
      "(^|/)node_modules/@zxcvbn-ts/",
    ),
  ],
  required: [
    {
      name: "server-modules-are-marked",
      comment:
        'Every module of db/ and lib/ that the browser does not need starts with import "server-only" (or, when the browser needs it too, is named <name>.shared.ts).',
      severity: "error",
      module: { path: "^(db|lib)/.+\\.tsx?$", pathNot: [SHARED, "^db/migrations/"] },
      to: { path: SERVER_ONLY },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // Tests, scripts and benchmarks are tools around the product, free to import any part of it.
    exclude: {
      path: "^(tests|scripts|bench|\\.next|\\.data|test-results|playwright-report|coverage|\\.stryker-tmp|reports)/|^db/migrations/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
