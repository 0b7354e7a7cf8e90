"use client";

import { ArrowLeft, ExternalLink, Plus, RotateCcw, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useApiQuery } from "@/components/data/use-api-query";
import { useAutosave } from "@/components/data/use-autosave";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { SaveStatus } from "@/components/ui/save-status";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiCallError } from "@/lib/api-client";
import { ErrorCode } from "@/lib/errors/codes";
import {
  moveItem,
  questionDataNames,
  removeItem,
  surveyProblems,
} from "@/lib/surveys/editor-rules";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas";
import type { BlockType, Step } from "@/lib/surveys/schema";
import { BlockEditor, blockHeadingId, moveButtonId } from "./block-editor";
import { ConflictDialog } from "./conflict-dialog";
import {
  newBlock,
  newKey,
  renumbered,
  retyped,
  toSteps,
  withKeys,
  type EditorBlock,
  type EditorStep,
} from "./model";
import { useLeaveGuard } from "./use-leave-guard";

/** Toasts of the editor stay 5 seconds (spec §9). */
const TOAST_MS = 5000;
/** Saved after this pause in editing. */
const AUTOSAVE_DELAY_MS = 800;
/**
 * Retries back off to at most this: someone waiting at the editor for "saved" after the
 * connection came back should not wait half a minute.
 */
const MAX_RETRY_DELAY_MS = 8000;

type Pending = { kind: "step" | "block"; index: number };

/**
 * /admin/studies/{id}/survey. Loads the survey, then edits a working copy that is saved after
 * every change (debounced autosave through the shared hook: network failures, 5xx and 429 are
 * retried, a refusal shows at its field and the edits stay). Every save carries the version it
 * is based on; when someone else saved in between (409 code 27) the edits stay on screen and
 * the reader chooses between loading the newer survey and saving theirs over it.
 */
export function SurveyEditor({ studyId }: { studyId: number }) {
  const t = useTranslations("surveyEditor");
  const query = useApiQuery<EditorSurvey>(`/api/study/${studyId}/survey`);
  const study = useApiQuery<{ name: string }>(`/api/study/${studyId}`);

  if (!query.data) {
    return (
      <section aria-labelledby="survey-editor-title" className="space-y-6">
        <h1 id="survey-editor-title" className="text-2xl font-bold text-primary-800">
          {t("title")}
        </h1>
        <BackLink />
        {query.error ? (
          <Alert tone="error" title={t("loadFailed")}>
            <button type="button" className="btn-secondary mt-2" onClick={query.refresh}>
              <RotateCcw aria-hidden className="size-4" />
              {t("retry")}
            </button>
          </Alert>
        ) : (
          <Spinner label={t("loading")} />
        )}
      </section>
    );
  }
  return <LoadedEditor initial={query.data} studyName={study.data?.name ?? null} />;
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

function LoadedEditor({ initial, studyName }: { initial: EditorSurvey; studyName: string | null }) {
  const t = useTranslations("surveyEditor");
  const studyId = initial.study_id;
  const surveyUuid = initial.survey_uuid;
  const path = `/api/study/${studyId}/survey`;
  const [steps, setSteps] = useState<EditorStep[]>(() => withKeys(initial.steps));
  const [current, setCurrent] = useState(0);
  const [responseCount, setResponseCount] = useState(initial.response_count);
  /** The version the working copy is based on: sent with every save, moved on by each. */
  const version = useRef(initial.version);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes when the confirmation closes: back to the button that opened it, or, after
  // a deletion, to what took the deleted item's place (looked up once the page has changed).
  const focusAfterDialog = useRef<() => HTMLElement | null>(() => null);

  function confirmDelete(kind: Pending["kind"], index: number, opener: HTMLElement) {
    focusAfterDialog.current = () => opener;
    setPending({ kind, index });
  }

  const autosave = useAutosave<Step[]>({
    delayMs: AUTOSAVE_DELAY_MS,
    maxRetryDelayMs: MAX_RETRY_DELAY_MS,
    save: async (value, { keepalive }) => {
      const result = await api<EditorSurvey>(path, {
        method: "PUT",
        body: {
          study_id: studyId,
          survey_uuid: surveyUuid,
          steps: value,
          version: version.current,
        },
        keepalive,
      });
      if (result.ok) {
        version.current = result.data.version;
        setResponseCount(result.data.response_count);
        setServerFields({});
        return;
      }
      if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) {
        setConflict(true);
        setConflictOpen(true);
      } else if (result.status >= 400 && result.status < 500 && result.error.fields) {
        setServerFields(result.error.fields);
      }
      throw new ApiCallError(result.status, result.error);
    },
  });

  const leaveGuard = useLeaveGuard({
    shouldAsk: () => autosave.dirty,
    settle: () =>
      autosave.flush().then(
        () => true,
        () => false,
      ),
  });

  /** Every change goes through here: renumbered, shown, and handed to the autosave. */
  const commit = useCallback(
    (next: EditorStep[]) => {
      const numbered = renumbered(next);
      setSteps(numbered);
      // The server's objections were about the value it saw; this one is new.
      setServerFields({});
      autosave.change(toSteps(numbered));
    },
    [autosave],
  );

  const step = steps[current] as EditorStep | undefined;
  const plain = toSteps(steps);
  const problems = surveyProblems(plain);
  const names = questionDataNames(plain);

  function errorAt(path: string): string | null {
    const local = problems[path];
    if (local) return t(`problems.${local}`);
    return serverFields[path] ? t("problems.invalid") : null;
  }

  // Focus lands on the heading of a step when it changes by the step bar or a deletion.
  const focusStep = useRef(false);
  useEffect(() => {
    if (focusStep.current) document.getElementById("survey-step-title")?.focus();
    focusStep.current = false;
  }, [current]);

  function selectStep(index: number) {
    focusStep.current = true;
    setCurrent(index);
  }

  function addStep() {
    const next = [...steps, { order: steps.length, key: newKey(), blocks: [] }];
    commit(next);
    selectStep(next.length - 1);
    toast.success(t("stepAdded", { number: next.length }), { duration: TOAST_MS });
  }

  function deleteStep(index: number) {
    commit(removeItem(steps, index));
    focusAfterDialog.current = () =>
      document.getElementById("survey-step-title") ?? heading.current;
    setPending(null);
    setCurrent(Math.max(0, Math.min(index, steps.length - 2)));
    toast.success(t("stepDeleted"), { duration: TOAST_MS });
  }

  function updateBlocks(blocks: EditorBlock[]) {
    commit(steps.map((s, i) => (i === current ? { ...s, blocks } : s)));
  }

  function addBlock() {
    if (!step) return;
    const block = newBlock(steps, "open_question", step.blocks.length);
    updateBlocks([...step.blocks, block]);
    requestAnimationFrame(() => document.getElementById(`block-${block.key}-type`)?.focus());
  }

  function changeBlock(index: number, block: EditorBlock) {
    if (!step) return;
    updateBlocks(step.blocks.map((b, i) => (i === index ? block : b)));
  }

  function changeType(index: number, type: BlockType) {
    if (!step) return;
    const others = steps.map((s, i) =>
      i === current ? { ...s, blocks: s.blocks.filter((_, b) => b !== index) } : s,
    );
    changeBlock(index, retyped(others, step.blocks[index], type));
  }

  function moveBlock(index: number, by: -1 | 1) {
    if (!step) return;
    const key = step.blocks[index].key;
    const to = index + by;
    updateBlocks(moveItem(step.blocks, index, to));
    // Focus stays on the button pressed, or on the other one when the block reached an edge.
    const atEdge = to === 0 || to === step.blocks.length - 1;
    requestAnimationFrame(() =>
      document.getElementById(moveButtonId(key, atEdge ? (-by as -1 | 1) : by))?.focus(),
    );
  }

  function deleteBlock(index: number) {
    if (!step) return;
    const remaining = removeItem(step.blocks, index);
    updateBlocks(remaining);
    const next = remaining[Math.min(index, remaining.length - 1)];
    focusAfterDialog.current = () =>
      document.getElementById(next ? blockHeadingId(next.key) : "survey-step-title");
    setPending(null);
    toast.success(t("blockDeleted"), { duration: TOAST_MS });
  }

  async function loadNewer(): Promise<string | null> {
    const result = await api<EditorSurvey>(path);
    if (!result.ok) return t("loadFailed");
    autosave.discard();
    version.current = result.data.version;
    setResponseCount(result.data.response_count);
    setServerFields({});
    setSteps(withKeys(result.data.steps));
    setCurrent((c) => Math.min(c, Math.max(0, result.data.steps.length - 1)));
    setConflict(false);
    setConflictOpen(false);
    toast.success(t("loadedNewer"), { duration: TOAST_MS });
    return null;
  }

  async function keepMine(): Promise<string | null> {
    // Based on the version saved now: should a third save come in between, the reader is asked
    // again rather than overwriting that one unseen.
    const result = await api<EditorSurvey>(path);
    if (!result.ok) return t("loadFailed");
    version.current = result.data.version;
    setConflict(false);
    setConflictOpen(false);
    try {
      await autosave.flush();
      toast.success(t("keptMine"), { duration: TOAST_MS });
    } catch {
      // Shown by the save status, or by this dialog again on another conflict.
    }
    return null;
  }

  const title = studyName ? t("titleFor", { name: studyName }) : t("title");
  const previewHref = `/survey/${surveyUuid}?preview=1`;
  const pendingStep = pending?.kind === "step" ? steps[pending.index] : undefined;
  const hasServerFieldErrors = Object.keys(serverFields).length > 0;

  return (
    <section aria-labelledby="survey-editor-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <div className="flex flex-wrap items-center gap-3">
          <SaveStatus
            state={autosave.state}
            errorMessage={conflict ? null : autosave.errorMessage}
          />
          <a
            href={previewHref}
            target="_blank"
            rel="noopener"
            className="btn-secondary"
            // Whatever is still waiting is sent now, so the preview shows the latest edits.
            onClick={() => void autosave.flush().catch(() => {})}
          >
            <ExternalLink aria-hidden className="size-4" />
            {t("preview")}
            <span className="sr-only"> ({t("previewHint")})</span>
          </a>
        </div>
      </div>
      <h1
        id="survey-editor-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold text-primary-800 focus:outline-none"
      >
        {title}
      </h1>

      {responseCount > 0 ? (
        <Alert tone="info" title={t("responses", { count: responseCount })}>
          <p>{t("responsesDetail")}</p>
        </Alert>
      ) : null}
      {conflict ? (
        <Alert tone="error" title={t("conflictNotice")}>
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => setConflictOpen(true)}
          >
            {t("conflictChoose")}
          </button>
        </Alert>
      ) : hasServerFieldErrors && autosave.state === "error" ? (
        <Alert tone="error">{t("fixFields")}</Alert>
      ) : null}

      <nav aria-label={t("steps")} className="flex flex-wrap items-center gap-2">
        <ol className="flex flex-wrap gap-2">
          {steps.map((s, i) => (
            <li key={s.key}>
              <button
                type="button"
                className={i === current ? "btn-primary" : "btn-secondary"}
                aria-current={i === current ? "step" : undefined}
                onClick={() => selectStep(i)}
              >
                {t("stepLabel", { number: i + 1 })}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="btn-ghost" onClick={addStep}>
          <Plus aria-hidden className="size-4" />
          {t("addStep")}
        </button>
      </nav>

      {!step ? (
        <EmptyState>{t("noSteps")}</EmptyState>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2
              id="survey-step-title"
              tabIndex={-1}
              className="text-xl font-semibold text-primary-800 focus:outline-none"
            >
              {t("stepLabel", { number: current + 1 })}
            </h2>
            <button
              type="button"
              className="btn-danger"
              onClick={(e) => confirmDelete("step", current, e.currentTarget)}
            >
              <Trash2 aria-hidden className="size-4" />
              {t("deleteStep")}
            </button>
          </div>
          {step.blocks.length === 0 ? <EmptyState>{t("noBlocks")}</EmptyState> : null}
          {step.blocks.map((block, b) => (
            <BlockEditor
              key={block.key}
              block={block}
              index={b}
              count={step.blocks.length}
              otherNames={names.filter((n) => n !== block.data_name.trim())}
              errorAt={(field) => errorAt(`steps.${current}.blocks.${b}.${field}`)}
              onChange={(next) => changeBlock(b, next)}
              onTypeChange={(type) => changeType(b, type)}
              onMove={(by) => moveBlock(b, by)}
              onDelete={(opener) => confirmDelete("block", b, opener)}
            />
          ))}
          <button type="button" className="btn-secondary" onClick={addBlock}>
            <Plus aria-hidden className="size-4" />
            {t("addBlock")}
          </button>
        </div>
      )}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={
          pending?.kind === "step"
            ? t("deleteStepTitle", { number: pending.index + 1 })
            : t("deleteBlockTitle", { number: (pending?.index ?? 0) + 1 })
        }
        description={
          pending?.kind === "step"
            ? t("deleteStepText", { count: pendingStep?.blocks.length ?? 0 })
            : t("deleteBlockText")
        }
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        tone="danger"
        onConfirm={() => {
          if (pending?.kind === "step") deleteStep(pending.index);
          else if (pending?.kind === "block") deleteBlock(pending.index);
        }}
        returnFocus={() => focusAfterDialog.current()}
      />
      <ConflictDialog
        open={conflictOpen}
        onOpenChange={setConflictOpen}
        onLoadNewer={loadNewer}
        onKeepMine={keepMine}
      />
      <ConfirmDialog
        open={leaveGuard.asking}
        onOpenChange={(open) => {
          if (!open) leaveGuard.stay();
        }}
        title={t("leaveTitle")}
        description={t("leaveText")}
        confirmLabel={t("leave")}
        cancelLabel={t("stay")}
        tone="danger"
        onConfirm={leaveGuard.leave}
      />
    </section>
  );
}
