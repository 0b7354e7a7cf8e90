"use client";

import type { ComponentProps } from "react";
import { TextField } from "./text-field";

/**
 * An e-mail address, with the keyboard for one on a phone. `autoComplete` is required: whether
 * the browser may fill in the reader's own address ("email", or "username" at a login) or not
 * ("off", for someone else's).
 */
export function EmailField(
  props: Omit<ComponentProps<typeof TextField>, "type" | "inputMode"> & {
    autoComplete: "email" | "username" | "off";
  },
) {
  return <TextField type="email" inputMode="email" {...props} />;
}
