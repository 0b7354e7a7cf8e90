import type nl from "./nl";

/**
 * Messages are split into one file per area (messages/<locale>/<area>.json) and merged by each
 * language's index. Both languages have the same keys (a unit test checks it); the Dutch ones
 * give the type.
 */
export type Messages = typeof nl;
