import { LogOut } from "lucide-react";
import { getTranslations } from "next-intl/server";

/**
 * "Snel weg": leave for a neutral site at once (the control, or Escape pressed twice). The
 * markup alone: what it does is the inline script every page carries from its first byte
 * (lib/quick-exit/script.shared.ts), so it works before the page's scripts have loaded, and this
 * adds nothing to them.
 */
export async function QuickExit({ url }: { url: string }) {
  const t = await getTranslations("help.quickExit");
  return <QuickExitLink url={url} label={t("label")} hint={t("hint")} />;
}

export function QuickExitLink({ url, label, hint }: { url: string; label: string; hint: string }) {
  return (
    <>
      <a
        href={url}
        rel="noreferrer"
        data-quick-exit=""
        aria-describedby="quick-exit-hint"
        className="btn-danger fixed bottom-4 left-4 z-40 rounded-full px-4 py-3 shadow-lg"
      >
        <LogOut aria-hidden className="size-5" />
        {label}
      </a>
      <span id="quick-exit-hint" hidden>
        {hint}
      </span>
    </>
  );
}
