"use client";

import { useTranslations } from "next-intl";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { EditableHeading } from "@/components/ui/editable-heading";
import { STUDY_NAME_MAX_LENGTH } from "@/lib/studies/admin-schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";

/** The study's name as the pane's heading, edited in place; only `name` is sent. */
export function StudyName({
  study,
  headingId,
  onSaved,
}: {
  study: StudyDto;
  headingId: string;
  onSaved: (study: StudyDto) => void;
}) {
  const t = useTranslations("admin.studies");
  const { run } = useApiMutation();
  return (
    <EditableHeading
      value={study.name}
      headingId={headingId}
      label={t("name")}
      hint={t("nameHint")}
      editLabel={t("editName")}
      savingLabel={t("savingName")}
      maxLength={STUDY_NAME_MAX_LENGTH}
      check={(typed) => {
        const name = typed.trim();
        if (name === "") return { error: t("nameRequired") };
        if (name.length > STUDY_NAME_MAX_LENGTH) return { error: t("nameTooLong") };
        return { value: name };
      }}
      save={async (name) => {
        const result = await run<StudyDto>({
          path: `/api/study/${study.id}`,
          method: "PUT",
          body: { name },
        });
        if (!result.ok) return result.message;
        onSaved(result.data);
        return null;
      }}
    />
  );
}
