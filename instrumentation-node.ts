import { runtime } from "@/config/runtime";
import { ConfigError, getConfig, type AppConfig } from "@/config";
import { appUrlMismatch, builtAppUrl } from "@/config/built-address";
import { startBackgroundJobs } from "@/lib/jobs";
import { logWarn } from "@/lib/log";

/**
 * Validates the configuration at start: a bad deployment stops at once with the list of problems
 * instead of serving errors.
 */
function configOrExit(): AppConfig {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function registerNode(): Promise<void> {
  if (runtime.isBuildPhase()) return;
  const config = configOrExit();
  const mismatch = config.isProduction ? appUrlMismatch(builtAppUrl(), config.appUrl) : undefined;
  if (mismatch) {
    console.error(mismatch);
    process.exit(1);
  }
  if (config.isProduction && config.rateLimitScale !== 1) {
    // Allowed, since a load test runs the production build, but never what a live site should
    // run with: every limit against floods and password guessing is that many times looser.
    logWarn("config", "RATE_LIMIT_SCALE is not 1: every rate limit is scaled by it", {
      rateLimitScale: config.rateLimitScale,
    });
  }
  await startBackgroundJobs();
}
