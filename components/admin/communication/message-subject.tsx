"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import type { FlushGroup } from "@/components/data/use-flush-group";
import { EditableHeading } from "@/components/ui/editable-heading";
import {
  MAX_SUBJECT_LENGTH,
  subjectField,
  type PanelMessageDto,
} from "@/lib/mailings/schemas.shared";

/**
 * The subject as the detail's heading, edited in place while the message is a draft. The
 * screen's flush waits for (or reports) its save, so nothing is sent with a subject other than
 * the one on screen.
 */
export function MessageSubject({
  message,
  editable,
  onSaved,
  registerFlush,
  headingId,
}: {
  message: Pick<PanelMessageDto, "id" | "subject">;
  editable: boolean;
  onSaved: (message: PanelMessageDto) => void;
  registerFlush?: FlushGroup["register"];
  headingId: string;
}) {
  const t = useTranslations("panelMessages.screen");
  const { run } = useApiMutation();
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
        const result = await run<PanelMessageDto>({
          path: `/api/panel_message/${message.id}`,
          method: "PUT",
          body: { subject },
        });
        if (!result.ok) return t("subjectSaveFailed", { message: result.message });
        onSaved(result.data);
        return null;
      }}
    />
  );
}
