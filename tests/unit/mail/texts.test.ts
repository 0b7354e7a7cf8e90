import { describe, expect, it } from "vitest";
import { mailTexts } from "@/lib/mail/texts";
import en from "@/i18n/messages/en/mail.json";
import nl from "@/i18n/messages/nl/mail.json";

describe("mail texts", () => {
  it("keep one translator per language and area, so each text is formatted once", () => {
    expect(mailTexts("nl", "mail.panel.verification")).toBe(
      mailTexts("nl", "mail.panel.verification"),
    );
    expect(mailTexts("nl", "mail.panel.verification")).not.toBe(
      mailTexts("en", "mail.panel.verification"),
    );
    expect(mailTexts("nl", "mail.panel.verification")).not.toBe(
      mailTexts("nl", "mail.panel.footer"),
    );
  });

  it("answer each language's and area's own texts, however often they are asked", () => {
    for (let i = 0; i < 3; i++) {
      expect(mailTexts("nl", "mail.panel.verification")("subject")).toBe(
        nl.panel.verification.subject,
      );
      expect(mailTexts("en", "mail.panel.verification")("subject")).toBe(
        en.panel.verification.subject,
      );
      expect(mailTexts("en", "mail.panel.footer")("link")).toBe(en.panel.footer.link);
    }
  });
});
