"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

/**
 * Where the survey cannot go on: it has no questions (`error` absent), or the study closed
 * while the participant answered (`error`: the code's text). Either way the way out is the
 * open studies.
 */
export function SurveyNotice({ error, detail }: { error?: string; detail: string }) {
  const t = useTranslations("survey");
  return (
    <div className="space-y-6">
      {error ? (
        <Alert tone="error" title={error}>
          <p>{detail}</p>
        </Alert>
      ) : (
        <p>{detail}</p>
      )}
      <p>
        <Link href="/" prefetch={false} className="btn-primary">
          {t("openStudies")}
        </Link>
      </p>
    </div>
  );
}
