import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * Replaces the `## title` section of a Markdown file (up to the next `## ` heading), or appends
 * it, so a benchmark run alone updates its own figures and leaves the others as they were.
 */
export function writeSection(file: string, title: string, body: string): void {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.indexOf("\n## ", start + heading.length + 1);
  const rest = next < 0 ? "" : `\n${text.slice(next + 1)}`;
  writeFileSync(file, `${text.slice(0, start + 1)}${section}${rest}`);
}
