import type { ErrorBody } from "@/lib/http/status";

/** A JSON answer that is either the success shape or the error envelope; tests check which. */
export type Answer<T> = T & ErrorBody;
