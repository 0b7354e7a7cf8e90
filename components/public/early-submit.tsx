"use client";

import { useEffect, useState } from "react";
import { EARLY_SUBMIT_SCRIPT, type EarlySubmission } from "@/lib/early-submit/script.shared";

/**
 * The inline script that keeps a form sent before hydration (lib/early-submit/script.shared.ts),
 * and the sending of that form once the page has hydrated. A client component so that the
 * script's text is in the HTML once and not also in the RSC data (as QuickExitScript).
 *
 * The form is sent one render after hydration: a form that takes text typed before hydration
 * into its state does so in its own effect, and that state must be rendered before its submit
 * handler reads it.
 */
export function EarlySubmit() {
  const [early, setEarly] = useState<EarlySubmission | null>(null);
  useEffect(() => {
    const state = window.__earlySubmit;
    if (!state?.pending) return;
    // The extra render is the point: the form is sent only after it (see above).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the inline script
    setEarly(state.pending);
    state.pending = null;
  }, []);
  useEffect(() => {
    if (!early?.form.isConnected) return;
    const { form, submitter } = early;
    const ownButton =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
      submitter.form === form;
    form.requestSubmit(ownButton ? submitter : null);
  }, [early]);
  return <script dangerouslySetInnerHTML={{ __html: EARLY_SUBMIT_SCRIPT }} />;
}
