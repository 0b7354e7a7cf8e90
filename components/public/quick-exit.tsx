import { getTranslations } from "next-intl/server";
import { QuickExitControl } from "./quick-exit-control";

/** "Snel weg": leave for a neutral site at once (button, or Escape pressed twice). */
export async function QuickExit({ url }: { url: string }) {
  const t = await getTranslations("help.quickExit");
  return <QuickExitControl url={url} label={t("label")} hint={t("hint")} />;
}
