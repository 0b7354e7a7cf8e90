import { getTranslations } from "next-intl/server";
import { CurrentYear } from "./current-year";
import { FooterAuth } from "./footer-auth";

export async function SiteFooter() {
  const t = await getTranslations("common.footer");
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted sm:px-6">
        <p>{t.rich("copyright", {
            year: () => <CurrentYear builtYear={new Date().getFullYear()} />,
          })}</p>
        <FooterAuth />
      </div>
    </footer>
  );
}
