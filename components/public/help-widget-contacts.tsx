import { Globe, MessageCircle, Phone } from "lucide-react";
import type { HelpLine } from "@/config/help-line.shared";

export type HelpContactLabels = { phone: string; chat: string; website: string };

export function hasHelpContacts(help: HelpLine): boolean {
  return Boolean(help.phone || help.chatUrl || help.websiteUrl);
}

/** The support centre's ways to reach it; an entry that is not configured is left out. */
export function HelpWidgetContacts({ help, labels }: { help: HelpLine; labels: HelpContactLabels }) {
  const entries = [
    help.phone && { key: "phone", href: help.phone.href, label: labels.phone, detail: help.phone.display, Icon: Phone },
    help.chatUrl && { key: "chat", href: help.chatUrl, label: labels.chat, detail: hostOf(help.chatUrl), Icon: MessageCircle },
    help.websiteUrl && { key: "website", href: help.websiteUrl, label: labels.website, detail: hostOf(help.websiteUrl), Icon: Globe },
  ].filter((e) => !!e);
  return (
    <ul className="space-y-2">
      {entries.map(({ key, href, label, detail, Icon }) => (
        <li key={key}>
          <a
            href={href}
            className="flex items-center gap-3 rounded-md border border-primary-100 bg-white px-3 py-2.5 hover:bg-primary-50"
          >
            <Icon aria-hidden className="size-5 shrink-0 text-primary-700" />
            <span className="min-w-0">
              <span className="block font-semibold text-ink">{label}</span>
              <span className="block text-sm break-words text-muted">{detail}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function hostOf(url: string): string {
  return new URL(url).host.replace(/^www\./, "");
}
