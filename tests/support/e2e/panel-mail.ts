import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** A mail as the log transport writes it to $E2E_DATA_DIR/outbox. */
export type OutboxMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  links: string[];
  at: string;
};

function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dir, "outbox");
}

export function mailsTo(to: string): OutboxMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(outboxDir(), f), "utf8")) as OutboxMail)
    .filter((m) => m.to === to)
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Waits for the `count`-th mail to `to` and returns it. */
export async function waitForMail(to: string, count = 1): Promise<OutboxMail> {
  await expect.poll(() => mailsTo(to).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(to)[count - 1];
}

/**
 * The path, query and fragment of the mail's link to `pathname`, to open against the test
 * server (tokens travel in the fragment).
 */
export function linkTo(mail: OutboxMail, pathname: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The parameters a link from linkTo carries in its fragment. */
export function fragmentParams(link: string): URLSearchParams {
  return new URLSearchParams(new URL(link, "http://x").hash.slice(1));
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`;
}
