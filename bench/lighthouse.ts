import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** What one Lighthouse run says of a page (mobile, its default: emulated phone, throttled). */
export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Cumulative layout shift. */
  cls: number;
  /** Total blocking time, ms. */
  tbt: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  /** First contentful paint, ms. */
  fcp: number;
};

export const LIGHTHOUSE_RUNS = 3;

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/**
 * One Lighthouse run through its own command line (the exact version in package.json) against
 * the Chromium at CHROME_PATH (/usr/bin/chromium by default), headless, with the mobile defaults.
 */
function runOnce(url: string): LighthouseFigures {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-lighthouse-"));
  const out = path.join(dir, "report.json");
  try {
    const run = spawnSync(
      path.resolve("node_modules/.bin/lighthouse"),
      [
        url,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync",
      ],
      {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      },
    );
    if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${run.status})`);
    const report = JSON.parse(readFileSync(out, "utf8")) as Report;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      cls: value("cumulative-layout-shift"),
      tbt: value("total-blocking-time"),
      lcp: value("largest-contentful-paint"),
      fcp: value("first-contentful-paint"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `LIGHTHOUSE_RUNS` runs of `url`, one after the other; the median run by performance score is
 * the figure (its other values are that run's), every run's score listed beside it.
 */
export function lighthouseMedian(url: string): { median: LighthouseFigures; scores: number[] } {
  const runs = Array.from({ length: LIGHTHOUSE_RUNS }, () => runOnce(url));
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    scores: runs.map((r) => r.performance),
  };
}
