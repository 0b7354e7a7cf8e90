import { Toaster } from "sonner";

/** How long a toast stays unless it says otherwise (spec: 5,000 ms). */
export const TOAST_MS = 5000;

/** The one shorter toast: the participant's token copied to the clipboard (spec: 4,000 ms). */
export const TOKEN_COPIED_TOAST_MS = 4000;

/**
 * Where toasts appear. Rendered only where something toasts (the portal, the survey's last
 * step), so public pages without toasts don't load the toast library (about 10 kB gzipped).
 * Every toast stays `TOAST_MS` unless it sets its own duration.
 * Plain toasts: the coloured variants fall short of WCAG contrast.
 */
export function Toasts() {
  return <Toaster position="top-center" closeButton duration={TOAST_MS} />;
}
