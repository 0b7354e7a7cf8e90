import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage, MailTransport } from "../types";

function linksIn(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/**
 * Development transport: prints each mail with its links and writes it to the outbox folder
 * (an .html to look at and a .json that tests read). In production only when asked for
 * explicitly (MAIL_TRANSPORT=log), since it writes addresses and links to disk and logs.
 */
export function createLogTransport(from: string, outboxDir: string): MailTransport {
  const write = async (m: MailMessage) => {
    const id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
    await mkdir(outboxDir, { recursive: true });
    const record = {
      id,
      ...m,
      from: m.from ?? from,
      links: linksIn(m.html),
      at: new Date().toISOString(),
    };
    // Written under another name and then renamed, which is atomic: a reader of the folder (the
    // browser tests poll it) never finds a .json that is only half written.
    const json = path.join(outboxDir, `${id}.json`);
    await writeFile(`${json}.partial`, JSON.stringify(record, null, 2));
    await rename(`${json}.partial`, json);
    await writeFile(path.join(outboxDir, `${id}.html`), m.html);
    console.log(
      [`[mail] to ${m.to}: ${m.subject}`, ...record.links.map((l) => `  link: ${l}`)].join("\n"),
    );
    return { id };
  };
  return {
    kind: "log",
    send: (message) => write(message),
    async sendBatch(messages) {
      const results = [];
      for (const m of messages) results.push(await write(m));
      return { results };
    },
    async liftSuppression(address) {
      // Nothing is suppressed where nothing is sent; said in the log like the mails are.
      console.log(`[mail] suppression lifted for ${address}`);
    },
  };
}
