import type { Locale } from "@/lib/i18n/locales";
import { mailLocale, panelMail, type PanelRecipient } from "../panel-mail";
import type { MailMessage } from "../types";

// Subjects stay neutral: a mailbox may be read over someone's shoulder.
const texts: Record<Locale, { subject: string; heading: string; paragraphs: string[]; action: string }> = {
  nl: {
    subject: "Bevestig je aanmelding voor het onderzoekspanel",
    heading: "Bevestig je e-mailadres",
    paragraphs: [
      "Bedankt voor je aanmelding voor het onderzoekspanel. Bevestig je e-mailadres met de knop hieronder; daarna krijg je bericht wanneer er een nieuw onderzoek start.",
      "De link is 48 uur geldig. Heb je je niet zelf aangemeld? Dan hoef je niets te doen: zonder bevestiging ontvang je geen berichten van ons en verwijderen we het adres na 30 dagen.",
    ],
    action: "E-mailadres bevestigen",
  },
  en: {
    subject: "Confirm your sign-up for the research panel",
    heading: "Confirm your email address",
    paragraphs: [
      "Thank you for joining the research panel. Please confirm your email address with the button below; after that you will hear from us when a new study starts.",
      "The link is valid for 48 hours. Did you not sign up yourself? Then you need not do anything: without confirmation you will not receive any messages from us, and we delete the address after 30 days.",
    ],
    action: "Confirm email address",
  },
};

/** The double opt-in mail: sent at sign-up, at a repeated sign-up and when staff resend it. */
export function verificationMail(recipient: PanelRecipient, verifyUrl: string): MailMessage {
  const t = texts[mailLocale(recipient.locale)];
  return panelMail(recipient, {
    subject: t.subject,
    heading: t.heading,
    paragraphs: t.paragraphs,
    action: { label: t.action, url: verifyUrl },
  });
}
