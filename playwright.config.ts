import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { journeyLaunchOptions } from "./tests/support/e2e/browser";
import { e2eHelpEnv } from "./tests/support/e2e/public-site";
import { E2E_WEBHOOK_SECRET } from "./tests/support/svix";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data folder per run (embedded database and mail outbox); tests read mails from it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "rp-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
const chromium = { ...devices["Desktop Chrome"], channel: undefined };
const wholeListSpecs = /\/(studies-public|panel-admin)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Files run side by side on two workers: with one, a journey's waits (on the server, a cache
  // clock or a mail) kept the second core partly idle: 494 s of tests on one worker, about 330 s on
  // two. A file's own tests stay in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network) without the screencast:
    // filming every test for the few that fail took about 40 % of the machine's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: journeyLaunchOptions,
  },
  projects: [
    // Pages that list everything of a kind (the studies on /research, the panel's members newest
    // first) are checked against a known world: before any other journey adds to it.
    { name: "whole-lists", testMatch: wholeListSpecs, use: chromium },
    {
      name: "chromium",
      testIgnore: wholeListSpecs,
      dependencies: ["whole-lists"],
      use: chromium,
    },
  ],
  webServer: {
    command: "npx tsx --conditions=react-server tests/support/e2e/serve.ts",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseURL,
      APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      RESPONSES_KEY: Buffer.alloc(32, 9).toString("base64"),
      MAIL_TRANSPORT: "log",
      MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
      // Most journeys use accounts without two-factor; the required policy has its own server
      // (tests/e2e/staff-two-factor.spec.ts).
      STAFF_TWO_FACTOR: "optional",
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      PGLITE_DIR: path.join(dataDir, "pglite"),
      DATABASE_URL: "",
      // Production refuses to start without it; the browser talks to the server directly.
      TRUST_PROXY: "0",
      E2E_DATA_DIR: dataDir,
      RESEND_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      // Public pages are built with these (see tests/support/e2e/public-site.ts).
      ...e2eHelpEnv,
    },
  },
});
