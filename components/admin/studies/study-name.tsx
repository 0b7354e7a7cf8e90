"use client";

import { useTranslations } from "next-intl";
import { useApiMutation } from "@/components/data/use-api-mutation";
import type { FlushGroup } from "@/components/data/use-flush-group";
import type { ApiError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { EditableHeading } from "@/components/ui/editable-heading";
import { STUDY_NAME_MAX_LENGTH } from "@/lib/studies/admin-schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";

/**
 * The study's name as the pane's heading, edited in place; only `name` is sent. With
 * `registerFlush`, the pane's flush saves a name still open or waits for its save (choosing
 * another study, duplicating), and `onRefused` hears why the latest attempt was not stored.
 */
export function StudyName({
  study,
  headingId,
  onSaved,
  registerFlush,
  onRefused,
}: {
  study: StudyDto;
  headingId: string;
  onSaved: (study: StudyDto) => void;
  registerFlush?: FlushGroup["register"];
  onRefused?: (error: ApiError) => void;
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
      registerFlush={registerFlush}
      check={(typed) => {
        const name = typed.trim();
        const error =
          name === ""
            ? t("nameRequired")
            : name.length > STUDY_NAME_MAX_LENGTH
              ? t("nameTooLong")
              : null;
        if (error === null) return { value: name };
        onRefused?.({ code: ErrorCode.INVALID_INPUT, message: error });
        return { error };
      }}
      save={async (name) => {
        const result = await run<StudyDto>({
          path: `/api/study/${study.id}`,
          method: "PUT",
          body: { name },
        });
        if (!result.ok) {
          onRefused?.(result.error);
          return result.message;
        }
        onSaved(result.data);
        return null;
      }}
    />
  );
}
