import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * A production server behind a load balancer must hold idle connections longer than the
 * balancer (commonly 60 s), or a request sent on a connection the server has just closed gets a
 * 502. Both ways the project starts a production server set it (docs/deployment.md); the e2e
 * keep-alive spec shows the flag at work on `next start`.
 */
const BALANCER_IDLE_MS = 60_000;

describe("the production servers' keep-alive timeout", () => {
  it("npm start passes one above a load balancer's idle timeout", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    const match = /--keepAliveTimeout (\d+)/.exec(scripts.start);
    expect(match, scripts.start).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThan(BALANCER_IDLE_MS);
  });

  it("the Docker image sets the same for the standalone server", () => {
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const match = /KEEP_ALIVE_TIMEOUT=(\d+)/.exec(dockerfile);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThan(BALANCER_IDLE_MS);
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`--keepAliveTimeout ${match![1]}`);
  });
});
