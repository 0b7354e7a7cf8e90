"use client";

import { useEffect } from "react";
import { EARLY_SUBMIT_SCRIPT } from "@/lib/early-submit/script.shared";
import { isLeaving } from "./leaving";

/** How often, and how many times, a kept form is offered to the page again (10 s in all). */
const RETRY_MS = 100;
const MAX_TRIES = 100;

/**
 * The inline script that keeps a form sent before hydration (lib/early-submit/script.shared.ts),
 * and the sending of that form once the page has hydrated. A client component so that the
 * script's text is in the HTML once and not also in the RSC data (as QuickExitScript).
 *
 * A part of the page inside a Suspense boundary (every portal page, under its loading screen)
 * hydrates after the rest, and React does not replay a submit on a part not yet hydrated: the
 * script keeps such a submission again, so it is offered again shortly, until the form's own
 * handler takes it. Nothing is sent while the quick exit is leaving the site.
 */
export function EarlySubmit() {
  useEffect(() => {
    const state = window.__earlySubmit;
    if (!state) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const offer = () => {
      const early = state.pending;
      state.pending = null;
      if (!early || !early.form.isConnected || isLeaving() || ++tries > MAX_TRIES) return;
      const { form, submitter } = early;
      const ownButton =
        (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
        submitter.form === form;
      form.requestSubmit(ownButton ? submitter : null);
      timer = setTimeout(offer, RETRY_MS);
    };
    timer = setTimeout(offer, 0);
    return () => clearTimeout(timer);
  }, []);
  return <script dangerouslySetInnerHTML={{ __html: EARLY_SUBMIT_SCRIPT }} />;
}
