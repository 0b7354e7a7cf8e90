import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { call } from "./http";
import { nextIp } from "./survey";

/** POST /api/survey/{surveyUuid}/submit through the route, each call from its own address. */
export function submitSurvey(surveyUuid: string, body: unknown) {
  return call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body,
    ip: nextIp(),
  });
}
