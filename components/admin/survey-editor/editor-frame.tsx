"use client";

import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { BackLink } from "@/components/ui/back-link";
import { SaveStatus } from "@/components/ui/save-status";
import { ScreenFrame } from "@/components/ui/screen-frame";
import type { SurveySave } from "./use-survey-save";
import { SubmitButton } from "@/components/ui/submit-button";

const TITLE_ID = "survey-editor-title";

/**
 * The survey editor's page: the back link, the save status and preview link once the survey
 * is loaded (`save` given), the title, then the editor. While loading there is no status, and
 * the back link follows the title.
 */
export function EditorFrame({
  title,
  headingRef,
  save,
  surveyUuid,
  children,
}: {
  title: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  save?: SurveySave;
  surveyUuid?: string;
  children: ReactNode;
}) {
  return (
    <ScreenFrame
      titleId={TITLE_ID}
      title={title}
      headingRef={headingRef}
      top={save && surveyUuid ? <SaveBar save={save} surveyUuid={surveyUuid} /> : undefined}
    >
      {save ? null : <BackToStudies />}
      {children}
    </ScreenFrame>
  );
}

/**
 * The back link, the save status and the preview link, kept in view while the editor scrolls
 * (sticky), so the reader always sees whether their work is stored. The page's scroll padding
 * follows the bar's height, so an element that gets focus is never hidden under it (WCAG
 * 2.4.11). When a newer version was saved elsewhere the status says so, with a way to bring
 * those changes in.
 */
function SaveBar({ save, surveyUuid }: { save: SurveySave; surveyUuid: string }) {
  const t = useTranslations("surveyEditor");
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingTop = `${element.offsetHeight + 16}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = before;
    };
  }, []);
  const behind = save.behind && !save.pending;
  return (
    <div
      ref={bar}
      className="sticky top-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 bg-white/95 px-4 py-2 sm:-mx-6 sm:px-6"
    >
      <BackToStudies />
      <div className="flex flex-wrap items-center gap-3">
        <SaveStatus
          id="survey-save-status"
          state={save.autosave.state}
          errorMessage={save.pending ? null : save.autosave.errorMessage}
          notice={behind ? t("behind") : save.pending ? t("conflictNotice") : null}
        />
        {behind ? (
          <SubmitButton
            type="button"
            variant="secondary"
            pending={save.merging}
            onClick={() => void save.catchUp()}
          >
            {t("behindAction")}
          </SubmitButton>
        ) : null}
        {behind && save.mergeError ? (
          <p role="alert" className="text-sm font-medium text-accent-700">
            {save.mergeError}
          </p>
        ) : null}
        <PreviewLink surveyUuid={surveyUuid} save={save} />
      </div>
    </div>
  );
}

function BackToStudies() {
  const t = useTranslations("surveyEditor");
  return (
    <BackLink href="/admin/studies" className="btn-ghost -ml-2 px-2">
      {t("backToStudy")}
    </BackLink>
  );
}

function PreviewLink({ surveyUuid, save }: { surveyUuid: string; save: SurveySave }) {
  const t = useTranslations("surveyEditor");
  return (
    <a
      href={`/survey/${surveyUuid}?preview=1`}
      target="_blank"
      rel="noopener"
      className="btn-secondary"
      // Whatever is still waiting is sent now, so the preview shows the latest edits.
      onClick={() => void save.autosave.flush().catch(() => {})}
    >
      <ExternalLink aria-hidden className="size-4" />
      {t("preview")}
      <span className="sr-only"> ({t("previewHint")})</span>
    </a>
  );
}
