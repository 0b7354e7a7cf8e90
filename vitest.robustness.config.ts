import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:robustness`: hostile input over every route, concurrency, dropped database
 * connections and two app instances on one Postgres. Apart from `npm test` because it takes a
 * few minutes; same environment and the same fresh database per file.
 */
const env = base.test?.env ?? {};
export default defineConfig({
  resolve: base.resolve,
  test: {
    name: "robustness",
    env,
    environment: "node",
    globalSetup: ["tests/support/setup/global-database.ts"],
    setupFiles: ["tests/support/setup/file-database.ts"],
    include: ["tests/robustness/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
