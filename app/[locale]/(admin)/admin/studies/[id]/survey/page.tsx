import { SurveyEditor } from "@/components/admin/survey-editor/survey-editor";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";
import { idSchema } from "@/lib/validation/common.shared";

export const generateMetadata = metadataFor("surveyEditor");

export default async function SurveyEditorPage({
  params,
}: PageProps<"/[locale]/admin/studies/[id]/survey">) {
  await pageLocale(params);
  const { id } = await params;
  const parsed = idSchema.safeParse(id);
  // A malformed id asks for study 0, which the API answers with "not found": the editor then
  // shows its load failure like for any study that does not exist.
  return <SurveyEditor studyId={parsed.success ? parsed.data : 0} />;
}
