import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LinkActionStatus } from "./link-action-status";
import { ClientMessages } from "@/components/public/client-messages";

/**
 * The layout of /verify-email and /stop-participation. Static: the link's fragment (or older
 * links' query) is only read in the browser, so the prerendered page shows a spinner until then;
 * the action itself waits for the reader's button press.
 */
export async function LinkActionPage({ action }: { action: "verify" | "stop" }) {
  const t = await getTranslations(action === "verify" ? "panel.verify" : "panel.stop");
  const common = await getTranslations("common");
  return (
    <section className="mx-auto max-w-xl py-8 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-primary-800">{t("title")}</h1>
      <div className="mt-8">
        <ClientMessages namespaces={["panel.verify", "panel.stop"]}>
          <LinkActionStatus action={action} />
        </ClientMessages>
      </div>
      <p className="mt-8">
        <Link href="/" className="btn-secondary">
          {common("backToHome")}
        </Link>
      </p>
    </section>
  );
}
