import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { currentStaffUser } from "@/lib/auth/current-user";
import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * A portal page only admins may use: the screen for an admin; for other staff the page's
 * title and the reason (the text of code 8), never a screen whose every call is refused.
 */
export async function AdminOnlyScreen({
  titleNamespace,
  children,
}: {
  /** Where the page's `title` text lives. */
  titleNamespace: "audit" | "admin.staff";
  children: ReactNode;
}) {
  const user = await currentStaffUser();
  if (user?.isAdmin) return children;
  const t = await getTranslations(titleNamespace);
  const te = await getTranslations("errors");
  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
      <Alert tone="error">{te(`codes.${ErrorCode.ADMIN_REQUIRED}`)}</Alert>
    </section>
  );
}
