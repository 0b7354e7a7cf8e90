"use client";

import { ArrowLeft, ExternalLink } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode, RefObject } from "react";
import { SaveStatus } from "@/components/ui/save-status";
import { ScreenFrame } from "@/components/ui/screen-frame";
import type { SurveySave } from "./use-survey-save";

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
      top={
        save && surveyUuid ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <BackLink />
            <div className="flex flex-wrap items-center gap-3">
              <SaveStatus
                state={save.autosave.state}
                errorMessage={save.conflict ? null : save.autosave.errorMessage}
              />
              <PreviewLink surveyUuid={surveyUuid} save={save} />
            </div>
          </div>
        ) : undefined
      }
    >
      {save ? null : <BackLink />}
      {children}
    </ScreenFrame>
  );
}

function BackLink() {
  const t = useTranslations("surveyEditor");
  return (
    <Link href="/admin/studies" className="btn-ghost -ml-2 px-2">
      <ArrowLeft aria-hidden className="size-4" />
      {t("backToStudy")}
    </Link>
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
