import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtAppUrl } from "../../../scripts/built-app-url";
import { e2eHelpEnv } from "./public-site";
import { startSecondServer } from "./second-server";

/**
 * The production build served with a Postgres address where nothing listens: every page or call
 * that reads the database fails as it does while the database is away, from the first request
 * on (nothing rendered before it to fall back on). Its background jobs are off, so the log shows
 * only what the requests do.
 *
 * It runs in a project folder of its own (`withoutRenderedPages`), so it never sees a copy of
 * /research the main e2e server has rendered since the build.
 */
export async function startAppWithoutDatabase(
  port: number,
): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-e2e-away-"));
  const project = withoutRenderedPages(path.join(dataDir, "project"));
  const baseURL = `http://127.0.0.1:${port}`;
  const { stop } = await startSecondServer({
    args: ["next", "start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: project,
    baseURL,
    // The health check answers 503 while the database is away: that answer means it is up.
    ready: (res) => res.status === 503,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: builtAppUrl(baseURL),
      APP_SECRET: "e2e-away-secret-e2e-away-secret-0123456789",
      RESPONSES_KEY: Buffer.alloc(32, 12).toString("base64"),
      MAIL_TRANSPORT: "log",
      MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      // Port 9 (discard) has no listener here: every connection is refused at once.
      DATABASE_URL: "postgres://postgres@127.0.0.1:9/away",
      DISABLE_BACKGROUND_JOBS: "1",
      TRUST_PROXY: "0",
      STAFF_TWO_FACTOR: "optional",
      ...e2eHelpEnv,
    },
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  return { baseURL, stop };
}

/**
 * This project as `next start` sees it, in `root`: every file and folder linked, except the
 * build's cache of pages rendered since the build (`.next/server/route-cache`), which Next.js
 * keeps on disk beside the build and would serve from there, however the copy came about.
 */
function withoutRenderedPages(root: string): string {
  const linkAllBut = (from: string, to: string, kept: string, inside: () => void) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) {
      if (entry === kept) inside();
      else symlinkSync(path.join(from, entry), path.join(to, entry));
    }
  };
  const project = process.cwd();
  linkAllBut(project, root, ".next", () =>
    linkAllBut(path.join(project, ".next"), path.join(root, ".next"), "server", () =>
      linkAllBut(
        path.join(project, ".next", "server"),
        path.join(root, ".next", "server"),
        "route-cache",
        () => {},
      ),
    ),
  );
  return root;
}
