import { defineConfig, type ViteUserConfig } from "vitest/config";
import base from "./vitest.config";

type Project = { test?: { name?: string } };

/**
 * What `npm run test:mutation` (StrykerJS) runs against each mutant: the unit and integration
 * projects. The component tests exercise React components, none of the mutated server modules.
 */
const config = base as ViteUserConfig;
export default defineConfig({
  ...config,
  test: {
    ...config.test,
    projects: (config.test?.projects ?? []).filter((p) =>
      ["unit", "integration"].includes((p as Project).test?.name ?? ""),
    ),
  },
});
