import { describe, expect, it } from "vitest";
import { alreadyMemberMail } from "@/lib/mail/templates/already-member";
import { verificationMail } from "@/lib/mail/templates/verification";
import { mailLocale, panelMail, unsubscribeHeaders } from "@/lib/mail/panel-mail";
import { stopLinks, verificationLink } from "@/lib/links/panel";

const member = { id: 12, email: "lid@example.org", locale: "nl", stopNonce: "nonce" };
const verifyUrl = verificationLink(12, "tok");

function hrefs(html: string) {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

describe("panel mail templates", () => {
  it("write the verification mail in Dutch with the link in both parts", () => {
    const mail = verificationMail(member, verifyUrl);
    expect(mail.to).toBe("lid@example.org");
    expect(mail.subject).toBe("Bevestig je aanmelding voor het onderzoekspanel");
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.html).toContain("E-mailadres bevestigen");
    expect(mail.html).toContain("48 uur");
    expect(verifyUrl).toBe(
      "http://localhost:3000/verify-email#panel_user_id=12&verification_token=tok",
    );
    expect(hrefs(mail.html)).toEqual([verifyUrl, stopLinks(member).page]);
    expect(mail.text).toContain(`E-mailadres bevestigen: ${verifyUrl}`);
    expect(mail.text).toContain(`Deelname stoppen: ${stopLinks(member).page}`);
  });

  it("write them in English for an English member", () => {
    const en = { ...member, locale: "en" };
    const verification = verificationMail(en, verifyUrl);
    expect(verification.subject).toBe("Confirm your sign-up for the research panel");
    expect(verification.html).toContain('<html lang="en">');
    expect(verification.text).toContain("Confirm email address: ");
    expect(verification.text).toContain("Stop participating: ");
    const already = alreadyMemberMail(en);
    expect(already.subject).toBe("You are already signed up for the research panel");
    expect(already.text).toContain("You are already in the panel");
  });

  it("fall back to Dutch for an unknown stored language", () => {
    expect(mailLocale("de")).toBe("nl");
    expect(alreadyMemberMail({ ...member, locale: "fr" }).subject).toBe(
      "Je bent al aangemeld voor het onderzoekspanel",
    );
  });

  it("give every panel mail the stop link and one-click headers, and no tracking", () => {
    for (const mail of [
      verificationMail(member, verifyUrl),
      alreadyMemberMail(member),
      panelMail(member, {
        subject: "Nieuws",
        heading: "Nieuws",
        paragraphs: [],
        bodyHtml: "<p>Tekst</p>",
      }),
    ]) {
      expect(mail.headers).toEqual(unsubscribeHeaders(stopLinks(member).oneClick));
      expect(mail.headers!["List-Unsubscribe"]).toMatch(
        /^<http:\/\/localhost:3000\/api\/panel_user\/unsubscribe\?panel_user_id=12&stop_token=[0-9a-f]{8}\.[0-9a-f]{64}>$/,
      );
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(hrefs(mail.html)).toContain(stopLinks(member).page);
      expect(mail.html).not.toMatch(/<img|<script|utm_/i);
      for (const link of hrefs(mail.html)) {
        expect(link.startsWith("http://localhost:3000/")).toBe(true);
        // Tokens travel in the fragment: no link in a mail body has a query for a log to keep.
        expect(new URL(link).search).toBe("");
      }
      expect(mail.html).toMatch(
        /\/stop-participation#panel_user_id=12&amp;stop_token=[0-9a-f]{8}\./,
      );
      expect(mail.text).toMatch(/\/stop-participation#panel_user_id=12&stop_token=[0-9a-f]{8}\./);
      expect(mail.text).not.toMatch(/\/stop-participation\?/);
    }
  });

  it("escape what goes into the layout", () => {
    const mail = panelMail(member, {
      subject: "s",
      heading: "<b>kop</b>",
      paragraphs: ["a & <i>b</i>"],
    });
    expect(mail.html).toContain("&lt;b&gt;kop&lt;/b&gt;");
    expect(mail.html).toContain("a &amp; &lt;i&gt;b&lt;/i&gt;");
  });
});
