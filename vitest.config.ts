import path from "node:path";
import { defineConfig } from "vitest/config";

const env: Record<string, string> = {
  NODE_ENV: "test",
  APP_URL: "http://localhost:3000",
  APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
  RESPONSES_KEY: Buffer.alloc(32, 7).toString("base64"),
  MAIL_TRANSPORT: "memory",
  MAIL_FROM: "Onderzoekspanel <panel@example.org>",
  DISABLE_BACKGROUND_JOBS: "1",
  CRON_SECRET: "test-cron-secret-0123456789",
  // The mail provider's webhook signing secret (tests/support/provider-events.ts signs with it).
  RESEND_WEBHOOK_SECRET: `whsec_${Buffer.alloc(24, 9).toString("base64")}`,
  // Tests act as many clients behind one proxy (tests/support/http.ts sets X-Forwarded-For).
  TRUST_PROXY: "1",
  DATABASE_URL: "",
};

const alias = {
  "@": path.resolve(__dirname),
  // Tests run server modules outside React's server condition; the marker's empty variant is what
  // the server build resolves it to.
  "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    env,
    globalSetup: ["tests/support/setup/global-database.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          env,
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          env,
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/setup/file-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same security tests again with nothing trusted in front: every caller is one
        // unknown client, X-Forwarded-* headers are the client's own words (DESIGN §8: both modes).
        resolve: { alias },
        test: {
          name: "integration-direct",
          env: { ...env, TRUST_PROXY: "0" },
          environment: "node",
          include: ["tests/integration/security/**/*.test.ts"],
          setupFiles: ["tests/support/setup/file-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "components",
          env,
          environment: "happy-dom",
          include: ["tests/components/**/*.test.tsx"],
          setupFiles: ["tests/support/setup/components.ts"],
          // Above the five seconds a single wait may take (see the setup file).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
