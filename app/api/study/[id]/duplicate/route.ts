import { requestLocale } from "@/lib/i18n/request-locale";
import { otherMethods, route } from "@/lib/http/handler";
import { duplicateStudy } from "@/lib/studies/duplicate";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/**
 * Staff: a copy of the study as a new `not_started` study, named "<name> (kopie)" or
 * "<name> (copy)" by the caller's language.
 */
export const POST = route({ auth: "staff", params: idParamsSchema }, ({ params, user, req }) =>
  duplicateStudy(params.id, requestLocale(req), user),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
