"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FlushGroup } from "@/components/data/use-flush-group";
import { useErrorMessage } from "@/components/data/use-error-message";
import { EditableHeading } from "@/components/ui/editable-heading";
import { ApiCallError } from "@/lib/api-client.shared";
import {
  MAX_SUBJECT_LENGTH,
  subjectField,
  type PanelMessageDto,
} from "@/lib/mailings/schemas.shared";
import type { MessageSaves } from "./use-message-saves";

/**
 * The subject as the detail's heading, edited in place while the message is a draft, saved
 * through the screen's `save` (one version for subject and body). The screen's flush waits for
 * (or reports) its save, so nothing is sent with a subject other than the one on screen.
 */
export function MessageSubject({
  message,
  editable,
  save,
  registerFlush,
  headingId,
}: {
  message: Pick<PanelMessageDto, "subject">;
  editable: boolean;
  save: MessageSaves["save"];
  registerFlush?: FlushGroup["register"];
  headingId: string;
}) {
  const t = useTranslations("panelMessages.screen");
  const describe = useErrorMessage();
  const schema = useMemo(
    () =>
      subjectField({
        empty: t("subjectEmpty"),
        tooLong: t("subjectTooLong", { max: MAX_SUBJECT_LENGTH }),
        control: t("subjectControl"),
      }),
    [t],
  );
  return (
    <EditableHeading
      value={message.subject}
      headingId={headingId}
      editable={editable}
      label={t("subject")}
      hint={t("subjectHint")}
      editLabel={t("editSubject")}
      savingLabel={t("savingSubject")}
      maxLength={MAX_SUBJECT_LENGTH}
      registerFlush={registerFlush}
      check={(typed) => {
        const parsed = schema.safeParse(typed);
        if (parsed.success) return { value: parsed.data };
        return { error: parsed.error.issues[0]?.message ?? t("subjectEmpty") };
      }}
      save={async (subject) => {
        try {
          await save({ subject });
          return null;
        } catch (error) {
          const reason = error instanceof ApiCallError ? describe(error.error) : String(error);
          return t("subjectSaveFailed", { message: reason });
        }
      }}
    />
  );
}
