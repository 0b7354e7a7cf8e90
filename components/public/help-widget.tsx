import { getTranslations } from "next-intl/server";
import { getPublicSiteConfig } from "@/lib/config/public-site";
import { hasHelpContacts } from "./help-widget-contacts";
import { HelpWidgetPanel } from "./help-widget-panel";

/** The floating help button of every public page; absent when no help line is configured. */
export async function HelpWidget() {
  const { help } = getPublicSiteConfig();
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
