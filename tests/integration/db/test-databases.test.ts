import postgres from "postgres";
import { describe, expect, it } from "vitest";
import type { TestProject } from "vitest/node";
import setup from "@/tests/support/setup/global-database";

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * CI runs two test runs on one Postgres at once. A run's teardown drops its own databases, and
 * only those: not another run's, whose names hold that run's process id and clock reading, in
 * which this run's process id may well appear as digits.
 */
describe.skipIf(!adminUrl)("the test run's databases on Postgres", () => {
  it("are dropped at the end of the run, and another run's are kept", async () => {
    let provided: { template: string } | undefined;
    const project = {
      provide: (_key: string, value: { template: string }) => (provided = value),
    } as unknown as TestProject;
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    // Named as another run's file database would be when this run's process id is inside its
    // own process id, and inside its clock reading.
    const others = [
      `rp_test_fother001_1${process.pid}_1764480000000`,
      `rp_test_fother002_4242_17${process.pid}0000`,
    ];
    try {
      const teardown = (await setup(project)) as () => Promise<void>;
      const template = provided!.template;
      const ownCopy = `rp_test_fowncopy_${template.split("_").slice(-2).join("_")}`;
      for (const name of [...others, ownCopy]) {
        await admin.unsafe(`create database "${name}" template "${template}"`);
      }
      await teardown();
      const left = (
        await admin<{ datname: string }[]>`
          select datname from pg_database where datname in ${admin([...others, ownCopy, template])}`
      ).map((row) => row.datname);
      expect(left.sort()).toEqual([...others].sort());
    } finally {
      for (const name of others)
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
