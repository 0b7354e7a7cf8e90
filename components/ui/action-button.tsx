import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { SubmitButton } from "./submit-button";

/**
 * A button that acts at once instead of submitting a form (add a step, copy a code, delete a
 * message): a plain `type="button"` with an icon before its label. With `pending` it follows
 * SubmitButton: ignored while pending and `aria-busy`, the spinner in the icon's place.
 */
export function ActionButton({
  icon: Icon,
  ...button
}: Omit<ComponentProps<typeof SubmitButton>, "type" | "icon"> & { icon: LucideIcon }) {
  return <SubmitButton {...button} type="button" icon={<Icon aria-hidden className="size-4" />} />;
}
