import os from "node:os";

const SAMPLE_MS = 5000;

/**
 * Runs `work` while sampling the machine's 1-minute load average, and says what it was: at the
 * start (other work on the machine), the highest sample during the run and at the end (both
 * including the benchmark's own processes).
 */
export async function measureUnderLoad<T>(
  work: () => Promise<T>,
  /** What the benchmark runs besides itself. */
  own = "sender processes and database",
): Promise<{ result: T; load: string }> {
  const start = os.loadavg()[0];
  const samples: number[] = [start];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), SAMPLE_MS);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const end = os.loadavg()[0];
  const peak = Math.max(...samples, end);
  return {
    result,
    load: `1-minute load average ${start.toFixed(2)} at the start, at most ${peak.toFixed(2)} during the run and ${end.toFixed(2)} at its end, on ${os.cpus().length} cores (the start is other work on the machine and this process starting; the rest includes the benchmark's own ${own})`,
  };
}
