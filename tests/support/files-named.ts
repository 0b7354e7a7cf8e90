import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every file called `name` under `dir`, at any depth (route.ts, page.tsx). */
export function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return filesNamed(full, name);
    return entry === name ? [full] : [];
  });
}
