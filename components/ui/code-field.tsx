"use client";

import type { ComponentProps } from "react";
import { TextField } from "./text-field";

/**
 * A six-digit one-time code from an authenticator app. Room for one more character than the
 * code, since apps show a space between the two groups of three (the schema drops it).
 */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, "type">) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      {...props}
    />
  );
}
