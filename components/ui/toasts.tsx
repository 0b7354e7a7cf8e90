import { Toaster } from "sonner";

/**
 * Where toasts appear. Rendered only where something toasts (the portal, the survey's last
 * step), so public pages without toasts don't load the toast library (about 10 kB gzipped).
 * Plain toasts: the coloured variants fall short of WCAG contrast.
 */
export function Toasts() {
  return <Toaster position="top-center" closeButton />;
}
