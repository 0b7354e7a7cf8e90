import type { StudyDto } from "@/lib/studies/schemas.shared";

/** A study as the staff API answers it (an open one with 12 responses), with `fields` over it. */
export function studyDto(fields: Partial<StudyDto> = {}): StudyDto {
  return {
    id: 7,
    name: "Omstanders",
    short_description: "",
    description: "",
    status: "open",
    created_at: 1_763_900_000,
    survey_uuid: "4a4f1a0e-8f0c-4d1e-9a43-2f5b3c1d0e11",
    response_limit: null,
    closes_at: null,
    response_count: 12,
    ...fields,
  };
}
