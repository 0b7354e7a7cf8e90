import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { preparedQuery, rawStatement } from "@/db/prepared";
import { studies, surveys, type Study } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { limitPartsFor, NO_LIMITS, type LimitsInStatement } from "@/lib/rate-limit/in-statement";
import { effectiveStatus } from "@/lib/time/closing.shared";
import { stepsSchema, type Step } from "./schema.shared";
import { sortedSteps } from "./validation.shared";

export type OpenSurvey = {
  studyId: number;
  surveyUuid: string;
  studyName: string;
  /** The study's status as everyone sees it (only `open` takes responses). */
  status: Study["status"];
  /** The study's response limit, when it has one. */
  responseLimit: number | null;
  /** The editor's version, raised on every save; tags answers kept in the participant's tab. */
  version: number;
  /** In the order the runner shows them. */
  steps: Step[];
};

// Every submission and every visit of a survey reads it this way. The steps come only when
// their version is not the one this process already holds (`knownVersion`, -1 for none).
const surveyByUuid = preparedQuery((db) =>
  db
    .select({
      studyId: surveys.studyId,
      surveyUuid: surveys.surveyUuid,
      steps: sql<unknown>`case when ${surveys.version} = ${sql.placeholder("knownVersion")} then null else ${surveys.steps} end`,
      version: surveys.version,
      studyName: studies.name,
      status: studies.status,
      closesAt: studies.closesAt,
      responseLimit: studies.responseLimit,
    })
    .from(surveys)
    .innerJoin(studies, eq(studies.id, surveys.studyId))
    .where(eq(surveys.surveyUuid, sql.placeholder("uuid")))
    .limit(1)
    .prepare("survey_by_uuid"),
);

/**
 * The survey behind a public uuid, only while its study is open: 404 code 14 for an unknown
 * uuid, code 20 for a study in any other status (people can take part only while it is open).
 * `anyStatus` is for a signed-in staff member's preview, which works before and after.
 */
export async function loadOpenSurvey(
  surveyUuid: string,
  tx?: DbOrTx,
  { anyStatus = false, limits }: { anyStatus?: boolean; limits?: LimitsInStatement } = {},
): Promise<OpenSurvey> {
  const known = parsedSteps.get(surveyUuid);
  const knownVersion = known?.version ?? -1;
  const row =
    limits && limits !== NO_LIMITS
      ? await surveyByUuidCounting(surveyUuid, knownVersion, limits, tx)
      : (await surveyByUuid({ uuid: surveyUuid, knownVersion }, tx))[0];
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const status = effectiveStatus(row);
  if (status !== "open" && !anyStatus) throw new AppError(ErrorCode.STUDY_NOT_OPEN);
  const steps = row.steps === null && known ? known.steps : stepsOf(surveyUuid, row);
  return {
    studyId: row.studyId,
    surveyUuid: row.surveyUuid,
    studyName: row.studyName,
    status,
    responseLimit: row.responseLimit,
    version: row.version,
    steps,
  };
}

type SurveyRow = {
  studyId: number;
  surveyUuid: string;
  steps: unknown;
  version: number;
  studyName: string;
  status: Study["status"];
  closesAt: number | null;
  responseLimit: number | null;
};

// The same read as a raw statement, one per number of rate-limit counters (db/prepared.ts).
const surveyCountingStatement = rawStatement((counters: number) => {
  const limits = limitPartsFor(counters);
  return sql`
      with ${limits.counting}
      select ${limits.counts} as counts, s.study_id::int as "studyId",
        s.survey_uuid::text as "surveyUuid",
        case when s.version = ${sql.placeholder("knownVersion")}::int then null else s.steps::text end as steps,
        s.version::int as version, st.name as "studyName", st.status::text as status,
        st.closes_at::float8 as "closesAt", st.response_limit::int as "responseLimit"
      from (select 1) as one
        left join (surveys s join studies st on st.id = s.study_id)
        on s.survey_uuid = ${sql.placeholder("uuid")}::uuid
      limit 1
    `;
});

/**
 * The same read, counting the request's rate limits in the same statement (a submission:
 * lib/rate-limit/in-statement.ts) and judging them before anything else is looked at, so a
 * refusal comes first, as if counted on its own. Raw SQL, so every value is cast to what the
 * prepared read answers on either driver.
 */
async function surveyByUuidCounting(
  surveyUuid: string,
  knownVersion: number,
  limits: LimitsInStatement,
  tx?: DbOrTx,
): Promise<SurveyRow | undefined> {
  const [row] = rowsOf<Omit<SurveyRow, "steps"> & { steps: string | null; counts: unknown }>(
    await surveyCountingStatement(
      limits.shape,
      { ...limits.values, uuid: surveyUuid, knownVersion },
      tx,
    ),
  );
  await limits.settle(row.counts);
  if (row.studyId === null) return undefined;
  const { counts: _counts, steps, ...rest } = row;
  return { ...rest, steps: steps === null ? null : JSON.parse(steps) };
}

/**
 * The steps of each survey's latest version read, parsed and in order, for up to
 * REMEMBERED_SURVEYS surveys (the longest remembered go first). A saved version never changes
 * (every save raises it, editor.ts), so a remembered version is the stored one, and checking
 * its number on each read is all it takes to stay true. Parsing the steps was most of the work
 * of reading a survey for every submission. Frozen at run time: every caller shares them.
 */
const parsedSteps = new Map<string, { version: number; steps: Step[] }>();
const REMEMBERED_SURVEYS = 200;

function stepsOf(surveyUuid: string, row: { version: number; steps: unknown }): Step[] {
  // Every write goes through the same schema, so a failure here means a corrupted row (code 13).
  const steps = deepFreeze(sortedSteps(stepsSchema.parse(row.steps)));
  parsedSteps.delete(surveyUuid);
  parsedSteps.set(surveyUuid, { version: row.version, steps });
  if (parsedSteps.size > REMEMBERED_SURVEYS) {
    parsedSteps.delete(parsedSteps.keys().next().value!);
  }
  return steps;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
