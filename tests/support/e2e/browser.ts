import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * Flags for Chromium on these machines: without the background-networking ones, Chromium keeps
 * trying Google's hosts, which the closed network refuses.
 */
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's full Chromium (package chromium), or the browser CHROMIUM_PATH names. */
const fullChromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser of the journeys: Debian's headless shell (package chromium-headless-shell) when it
 * is there, the same engine without the full browser's user interface (its own renderer,
 * compositing): about a third less CPU for the same journeys on two cores. Otherwise the full
 * Chromium, headless. CHROMIUM_PATH, when set, is used for everything.
 */
const journeyChromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : fullChromiumPath);

export const journeyLaunchOptions: LaunchOptions = { executablePath: journeyChromiumPath, args };

/** For what only the full browser has, such as its built-in PDF viewer. */
export const fullChromiumLaunchOptions: LaunchOptions = { executablePath: fullChromiumPath, args };
