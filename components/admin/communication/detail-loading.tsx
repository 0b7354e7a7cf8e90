"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/data/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { ApiError } from "@/lib/api-client.shared";

/** The detail before its message is known: loading, or why it could not be, with a retry. */
export function DetailLoading({ error, retry }: { error: ApiError | null; retry: () => void }) {
  const t = useTranslations("panelMessages.screen");
  const describe = useErrorMessage();
  return error ? (
    <Alert tone="error" title={t("detailLoadFailed", { message: describe(error) })}>
      <button type="button" className="btn-secondary mt-2" onClick={retry}>
        {t("retry")}
      </button>
    </Alert>
  ) : (
    <Spinner label={t("loading")} />
  );
}
