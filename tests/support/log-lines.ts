import { afterEach, beforeEach, vi } from "vitest";

/** One line of the server log as `lib/log.ts` writes it, without its timestamp. */
export type LogLine = Record<string, unknown>;

/**
 * Captures the server's log lines for every test of the calling file, so a test can say exactly
 * which lines an action leaves. An error's stack frames follow its line as plain text and are
 * left out.
 */
export function captureLogLines(): { lines: () => LogLine[]; clear: () => void } {
  let captured: LogLine[] = [];
  beforeEach(() => {
    captured = [];
    for (const method of ["log", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation((text: unknown) => {
        if (!String(text).startsWith("{")) return;
        const { t: _time, ...line } = JSON.parse(String(text)) as LogLine;
        captured.push(line);
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    lines: () => captured,
    clear: () => {
      captured = [];
    },
  };
}
