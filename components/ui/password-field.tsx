"use client";

import type { ComponentProps } from "react";
import { TextField } from "./text-field";

/**
 * A password. It offers the reader's saved password unless `autoComplete="new-password"` says
 * the field sets a new one (then the browser may suggest a strong one instead).
 */
export function PasswordField({
  autoComplete = "current-password",
  ...props
}: Omit<ComponentProps<typeof TextField>, "type" | "autoComplete"> & {
  autoComplete?: "current-password" | "new-password";
}) {
  return <TextField type="password" autoComplete={autoComplete} {...props} />;
}
