import { getTranslations } from "next-intl/server";
import type { HelpLine } from "@/config/help-line.shared";
import { hasHelpContacts } from "./help-widget-contacts";
import { HelpWidgetPanel } from "./help-widget-panel";

/** The floating help button of every public page; absent when no help line is configured. */
export async function HelpWidget({ help }: { help: HelpLine }) {
  if (!hasHelpContacts(help)) return null;
  const t = await getTranslations("help");
  return (
    <HelpWidgetPanel
      help={help}
      labels={{
        region: t("label"),
        toggle: t("toggle"),
        title: t("title"),
        intro: t("intro"),
        close: t("close"),
        phone: t("phone"),
        chat: t("chat"),
        website: t("website"),
      }}
    />
  );
}
