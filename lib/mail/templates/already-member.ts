import type { Locale } from "@/lib/i18n/locales";
import { mailLocale, panelMail, type PanelRecipient } from "../panel-mail";
import type { MailMessage } from "../types";

const texts: Record<Locale, { subject: string; heading: string; paragraphs: string[] }> = {
  nl: {
    subject: "Je bent al aangemeld voor het onderzoekspanel",
    heading: "Je bent al lid van het panel",
    paragraphs: [
      "Iemand heeft zich zojuist met dit e-mailadres aangemeld voor het onderzoekspanel. Dit adres is al bevestigd, dus je hoeft niets te doen: je blijft gewoon lid.",
      "Heb je dit niet zelf gedaan? Dan kun je deze e-mail negeren.",
    ],
  },
  en: {
    subject: "You are already signed up for the research panel",
    heading: "You are already in the panel",
    paragraphs: [
      "Someone just signed up for the research panel with this email address. This address has already been confirmed, so there is nothing you need to do: you remain a member.",
      "Was this not you? Then you can ignore this email.",
    ],
  },
};

/**
 * Sent instead of a verification mail when a confirmed address signs up again, so the sign-up
 * answer can be the same for everyone while the owner of the address still hears about it.
 */
export function alreadyMemberMail(recipient: PanelRecipient): MailMessage {
  const t = texts[mailLocale(recipient.locale)];
  return panelMail(recipient, { subject: t.subject, heading: t.heading, paragraphs: t.paragraphs });
}
