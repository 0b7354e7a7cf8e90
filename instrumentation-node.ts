import { runtime } from "@/lib/config/runtime";
import { ConfigError, getConfig } from "@/lib/config";
import { startBackgroundJobs } from "@/lib/jobs";
import { logWarn } from "@/lib/log";

export async function registerNode(): Promise<void> {
  if (runtime.isBuildPhase()) return;
  // Validate the configuration at start: a bad deployment stops at once with the list of
  // problems instead of serving errors.
  try {
    const config = getConfig();
    if (config.isProduction && !config.trustProxy) {
      logWarn(
        "config",
        "TRUST_PROXY is off: per-client rate limits are shared by all visitors. Behind a reverse proxy, set TRUST_PROXY=1.",
      );
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await startBackgroundJobs();
}
