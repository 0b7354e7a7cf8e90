"use client";

import { useTranslations } from "next-intl";
import { RotateCw } from "lucide-react";
import { Notice } from "@/components/panel/notice";
import { Spinner } from "@/components/panel/spinner";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import type { StudyList } from "@/lib/studies/schemas";
import { StudyCard } from "./study-card";
import { useApiResource } from "./use-api-resource";

const endpoints = { ongoing: "/api/study/open", finished: "/api/study/finished" } as const;

/** The cards of one list on /research, loaded in the browser so the page itself stays static. */
export function StudyGrid({ kind }: { kind: keyof typeof endpoints }) {
  const t = useTranslations("studies.research");
  const errorMessage = useErrorMessage();
  const { state, reload } = useApiResource<StudyList>(endpoints[kind]);

  if (state.status === "loading") {
    return <Spinner label={kind === "ongoing" ? t("loadingOngoing") : t("loadingFinished")} />;
  }
  if (state.status === "error") {
    return (
      <div className="space-y-3">
        <Notice tone="error" title={errorMessage(state.error)} />
        <button type="button" className="btn-secondary" onClick={reload}>
          <RotateCw aria-hidden className="size-4" />
          {t("retry")}
        </button>
      </div>
    );
  }
  const studies = state.data.items;
  if (studies.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-gray-300 p-5 text-muted first-letter:uppercase">
        {kind === "ongoing" ? t("noOpen") : t("noFinished")}
      </p>
    );
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
