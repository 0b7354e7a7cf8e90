import { readFileSync } from "node:fs";

/**
 * The utilities app/globals.css defines (`@utility name`). A component test checks its classes
 * against them: a class the stylesheet lacks would leave the element unstyled without a word.
 */
export const definedUtilities: ReadonlySet<string> = new Set(
  [...readFileSync("app/globals.css", "utf8").matchAll(/@utility ([\w-]+)/g)].map((m) => m[1]),
);
