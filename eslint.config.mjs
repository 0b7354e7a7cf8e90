import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import boundaries from "./lint-rules/client-boundary.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".data/**",
    "node_modules/**",
    "next-env.d.ts",
    "db/migrations/**",
    "test-results/**",
    "playwright-report/**",
    ".stryker-tmp/**",
    "reports/**",
  ]),
  {
    plugins: { boundaries },
    rules: {
      "boundaries/client-boundary": "error",
      // Environment is validated once in config; nothing else may read process.env.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through config." },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: [
      "config/**",
      "instrumentation.ts",
      "tests/**",
      "playwright.config.ts",
      "vitest.config.ts",
      "vitest.mutation.config.ts",
      "drizzle.config.ts",
      "scripts/**",
      "bench/**",
      "next.config.ts",
      ".ci/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // CommonJS configuration files such as .dependency-cruiser.cjs.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]);
