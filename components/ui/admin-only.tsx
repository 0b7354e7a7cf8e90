"use client";

import { useId, type ReactNode } from "react";

export type AdminOnly = {
  /** For the action's button: disabled for staff who are not admins. */
  disabled: boolean;
  /** For the button's `aria-describedby`: the reason, when it is disabled. */
  describedBy: string | undefined;
  /** The reason in words, to show near the button; nothing for an admin. */
  reason: ReactNode;
};

/**
 * An action only admins may take (DESIGN §4: delete a study or a panel member, send or cancel a
 * scheduled panel message), as every screen shows it: to other staff it is visible but
 * disabled, with `reasonText` beside it and linked to it, never offered and then refused.
 */
export function useAdminOnly(isAdmin: boolean, reasonText: string): AdminOnly {
  const id = useId();
  return {
    disabled: !isAdmin,
    describedBy: isAdmin ? undefined : id,
    reason: isAdmin ? null : (
      <p id={id} className="text-sm text-muted">
        {reasonText}
      </p>
    ),
  };
}
