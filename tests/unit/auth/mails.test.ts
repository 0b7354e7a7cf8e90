import { describe, expect, it } from "vitest";
import { setPasswordMail, setPasswordUrl } from "@/lib/auth/mails";
import { escapeHtml } from "@/lib/mail/layout";
import enMail from "@/i18n/messages/en/mail.json";
import nlMail from "@/i18n/messages/nl/mail.json";

const EMAIL = "staff.member@example.org";
const TOKEN = "tok3n-abc";

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

describe("the set-password link", () => {
  it("opens the reset page for the account and token; only an invitation says so", () => {
    const reset = new URL(setPasswordUrl(EMAIL, TOKEN, "reset"));
    expect(reset.origin + reset.pathname).toBe("http://localhost:3000/reset-password");
    // Address and token travel in the fragment: nothing in the query for a server log to keep.
    expect(reset.search).toBe("");
    expect([...fragment(reset).keys()]).toEqual(["email", "reset_token"]);
    expect(fragment(reset).get("email")).toBe(EMAIL);
    expect(fragment(reset).get("reset_token")).toBe(TOKEN);

    const invite = new URL(setPasswordUrl(EMAIL, TOKEN, "invite"));
    expect(invite.origin + invite.pathname).toBe("http://localhost:3000/reset-password");
    expect(invite.search).toBe("");
    expect([...fragment(invite).keys()]).toEqual(["email", "reset_token", "invite"]);
    expect(fragment(invite).get("invite")).toBe("1");
  });
});

describe("the reset and invitation mails", () => {
  const cases = [
    ["en", "reset", enMail.staff.reset],
    ["en", "invite", enMail.staff.invite],
    ["nl", "reset", nlMail.staff.reset],
    ["nl", "invite", nlMail.staff.invite],
  ] as const;

  it.each(cases)("(%s, %s) carry every text of the mail in both parts", (locale, purpose, t) => {
    const mail = setPasswordMail(purpose, locale, EMAIL, TOKEN);
    const url = setPasswordUrl(EMAIL, TOKEN, purpose);
    expect(mail.to).toBe(EMAIL);
    expect(mail.subject).toBe(t.subject);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain(`${escapeHtml(t.heading)}</h1>`);
    for (const paragraph of [t.intro, t.expiry]) {
      expect(mail.html).toContain(`>${escapeHtml(paragraph)}</p>`);
    }
    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    expect(mail.html).toContain(`>${escapeHtml(t.action)}</a>`);
    expect(mail.html).toContain(`>${escapeHtml(t.ignore)}</p>`);
    // The text part in reading order: heading, both paragraphs, the action with its link, and
    // the footer.
    expect(mail.text).toBe(
      [t.heading, "", t.intro, "", t.expiry, "", `${t.action}: ${url}`, "", "--", t.ignore].join(
        "\n",
      ),
    );
  });
});
