import { getTranslations } from "next-intl/server";
import { QuickExitLink } from "./quick-exit-link";

/**
 * "Snel weg": leave for a neutral site at once (the control, or Escape pressed twice). The
 * markup alone: what it does is the inline script every page carries from its first byte
 * (lib/quick-exit/script.shared.ts), so it works before the page's scripts have loaded.
 */
export async function QuickExit({ url }: { url: string }) {
  const t = await getTranslations("help.quickExit");
  return <QuickExitLink url={url} label={t("label")} hint={t("hint")} />;
}
