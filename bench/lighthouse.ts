import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  runtimeError?: { code: string; message?: string };
};

/**
 * Lighthouse's own runtime errors that say the trace was lost, not that the page failed, and
 * whose message asks to run it again. Seen with Debian's Chromium 156: about one run in six ends
 * in NO_NAVSTART on a page that loaded normally (200, the same page scoring 96 to 99 in the
 * runs around it).
 */
const TRACE_LOST = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

/** A run whose trace Lighthouse lost: not a measurement of the page. */
class TraceLost extends Error {}

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
    const report = existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")) as Report) : null;
    const code = report?.runtimeError?.code;
    if (code && TRACE_LOST.has(code)) throw new TraceLost(code);
    if (run.status !== 0 || !report) {
      throw new Error(`lighthouse failed on ${url} (exit ${run.status}${code ? `, ${code}` : ""})`);
    }
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

/** How many runs with a lost trace (TRACE_LOST) are set aside before giving up on a page. */
const MAX_TRACES_LOST = 3;

/**
 * `LIGHTHOUSE_RUNS` runs of `url`, one after the other; the median run by performance score is
 * the figure (its other values are that run's), every run's score listed beside it. A run whose
 * trace Lighthouse lost measured nothing: it is set aside, counted in `tracesLost` (the report
 * says so), and another run takes its place. Any other failure ends the benchmark.
 */
export function lighthouseMedian(url: string): {
  median: LighthouseFigures;
  scores: number[];
  tracesLost: string[];
} {
  const runs: LighthouseFigures[] = [];
  const tracesLost: string[] = [];
  while (runs.length < LIGHTHOUSE_RUNS) {
    try {
      runs.push(runOnce(url));
    } catch (error) {
      if (!(error instanceof TraceLost) || tracesLost.length >= MAX_TRACES_LOST) throw error;
      tracesLost.push(error.message);
    }
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    scores: runs.map((r) => r.performance),
    tracesLost,
  };
}
