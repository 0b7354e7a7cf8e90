import { runtime } from "@/lib/config/runtime";
import { ConfigError, getConfig } from "@/lib/config";
import { startBackgroundJobs } from "@/lib/jobs";

export async function registerNode(): Promise<void> {
  if (runtime.isBuildPhase()) return;
  // Validate the configuration at start: a bad deployment stops at once with the list of
  // problems instead of serving errors.
  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await startBackgroundJobs();
}
