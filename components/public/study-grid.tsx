"use client";

import { useTranslations } from "next-intl";
import { RotateCw } from "lucide-react";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import type { StudyList } from "@/lib/studies/schemas";
import { StudyCard } from "./study-card";

const endpoints = { ongoing: "/api/study/open", finished: "/api/study/finished" } as const;

/** The cards of one list on /research, loaded in the browser so the page itself stays static. */
export function StudyGrid({ kind }: { kind: keyof typeof endpoints }) {
  const t = useTranslations("studies.research");
  const errorMessage = useErrorMessage();
  const { data, error, refresh } = useApiQuery<StudyList>(endpoints[kind]);

  if (error) {
    return (
      <div className="space-y-3">
        <Alert tone="error" title={errorMessage(error)} />
        <button type="button" className="btn-secondary" onClick={refresh}>
          <RotateCw aria-hidden className="size-4" />
          {t("retry")}
        </button>
      </div>
    );
  }
  if (!data) {
    return <Spinner label={kind === "ongoing" ? t("loadingOngoing") : t("loadingFinished")} />;
  }
  const studies = data.items;
  if (studies.length === 0) {
    return <EmptyState>{kind === "ongoing" ? t("noOpen") : t("noFinished")}</EmptyState>;
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study) => (
        <li key={study.id} className="flex">
          <StudyCard study={study} ongoing={kind === "ongoing"} readMore={t("readMore")} />
        </li>
      ))}
    </ul>
  );
}
