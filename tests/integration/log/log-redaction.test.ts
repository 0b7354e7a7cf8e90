import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { logError } from "@/lib/log";
import { MailSendError } from "@/lib/mail";

afterEach(() => vi.restoreAllMocks());

function captureErrors() {
  const lines: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  return lines;
}

describe("error logging keeps personal data out of the logs", () => {
  it("logs a failed query by its SQLSTATE and constraint, not its parameters", async () => {
    const db = await getDb();
    const email = "person-in-the-log@example.org";
    await db.insert(panelUsers).values({ email, stopNonce: "a" });
    let failure: unknown;
    try {
      await db.insert(panelUsers).values({ email, stopNonce: "b" });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    expect(String((failure as Error).message)).toContain(email);

    const lines = captureErrors();
    logError("test", failure, { action: "insert" });
    const output = lines.join("\n");
    expect(output).not.toContain(email);
    expect(output).toContain('"sqlState":"23505"');
    expect(output).toContain('"action":"insert"');
  });

  it("logs a mail provider failure without the provider's text", () => {
    const lines = captureErrors();
    logError(
      "test",
      new MailSendError("Resend: validation_error: invalid recipient someone@example.org", {
        retryable: false,
        statusCode: 422,
      }),
    );
    const output = lines.join("\n");
    expect(output).not.toContain("someone@example.org");
    expect(output).toContain('"providerStatus":422');
  });

  it("keeps the message of the application's own errors", () => {
    const lines = captureErrors();
    logError("test", new Error("template missing for locale"));
    expect(lines[0]).toContain("Error: template missing for locale");
  });
});
