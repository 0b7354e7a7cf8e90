import { z } from "zod";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email());

/** POST /api/panel_user: shared by the home form and the handler. */
export const panelSignupSchema = z.object({ email: emailSchema });
export type PanelSignupInput = z.infer<typeof panelSignupSchema>;
