import { defineConfig, type ViteUserConfig } from "vitest/config";
import base from "./vitest.config";

type Project = { test?: { name?: string; include?: string[] } };

/**
 * What `npm run test:mutation` (StrykerJS) runs against each mutant: the unit and integration
 * projects. The component tests exercise React components, none of the mutated server modules.
 *
 * `MUTATION_INTEGRATION_TESTS` (comma-separated globs) narrows the integration project. Every
 * integration test signs in and passes the route wrapper, so a surviving mutant in `lib/auth`
 * or `lib/http/handler.ts` would re-run all of them; measured against the tests written for
 * those modules instead, the score is a lower bound (a mutant only another test kills counts
 * as surviving).
 */
const narrowed = process.env.MUTATION_INTEGRATION_TESTS?.split(",").filter(Boolean);

const config = base as ViteUserConfig;
export default defineConfig({
  ...config,
  test: {
    ...config.test,
    projects: (config.test?.projects ?? [])
      .filter((p) => ["unit", "integration"].includes((p as Project).test?.name ?? ""))
      .map((p) => {
        const project = p as Project;
        if (project.test?.name !== "integration" || !narrowed?.length) return p;
        return { ...project, test: { ...project.test, include: narrowed } };
      }) as NonNullable<NonNullable<ViteUserConfig["test"]>["projects"]>,
  },
});
