import { getTranslations } from "next-intl/server";
import { getPublicSiteConfig } from "@/lib/config/public-site";
import { QuickExitControl } from "./quick-exit-control";

/** "Snel weg": leave for a neutral site at once (button, or Escape pressed twice). */
export async function QuickExit() {
  const t = await getTranslations("help.quickExit");
  return <QuickExitControl url={getPublicSiteConfig().quickExitUrl} label={t("label")} hint={t("hint")} />;
}
