import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtAppUrl } from "../../../scripts/built-app-url";
import { startFakeResend, type FakeResend } from "../fake-resend";
import { e2eHelpEnv } from "./public-site";
import { startSecondServer } from "./second-server";
import { E2E_WEBHOOK_SECRET } from "../svix";

/**
 * A second app server whose mails go through the real Resend SDK to the fake Resend server of
 * tests/support/fake-resend.ts, so a test can read every mail the provider was asked to send:
 * panel messages included, which the main e2e server's log transport would also write but no
 * provider would see. It serves the same production build on its own fresh embedded database
 * (prepared with the same fixtures by serve.ts), with the in-process delivery loop on, as on a
 * Node host.
 */
export type ResendApp = {
  baseURL: string;
  fake: FakeResend;
  stop: () => Promise<void>;
};

export async function startResendApp(
  port: number,
  options: { staffTwoFactor?: "required" | "optional" } = {},
): Promise<ResendApp> {
  const fake = await startFakeResend();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-e2e-resend-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const { stop } = await startSecondServer({
    args: ["tsx", "--conditions=react-server", "tests/support/e2e/serve.ts"],
    baseURL,
    env: {
      ...process.env,
      // The main e2e server has just built; this one serves that build.
      E2E_BUILD: "0",
      NODE_ENV: "production",
      PORT: String(port),
      // The build's own address: a server with another one refuses to start. It still
      // listens on its own port, and answers same-origin calls addressed to that port.
      APP_URL: builtAppUrl(baseURL),
      APP_SECRET: "e2e-resend-secret-e2e-resend-secret-0123456789",
      RESPONSES_KEY: Buffer.alloc(32, 11).toString("base64"),
      MAIL_TRANSPORT: "resend",
      RESEND_API_KEY: fake.apiKey,
      // Production refuses to send without a sender of its own (config/index.ts).
      MAIL_FROM: "Onderzoekspanel <panel@example.org>",
      RESEND_BASE_URL: fake.url,
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      PGLITE_DIR: path.join(dataDir, "pglite"),
      DATABASE_URL: "",
      DISABLE_BACKGROUND_JOBS: "0",
      // Production refuses to start without an explicit proxy mode; visitors connect directly here.
      TRUST_PROXY: "0",
      STAFF_TWO_FACTOR: options.staffTwoFactor ?? "optional",
      E2E_DATA_DIR: dataDir,
      RESEND_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      ...e2eHelpEnv,
    },
    cleanUp: async () => {
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return { baseURL, fake, stop };
}
