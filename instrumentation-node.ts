import { runtime } from "@/lib/config/runtime";
import { getConfig } from "@/lib/config";
import { startBackgroundJobs } from "@/lib/jobs";

export async function registerNode(): Promise<void> {
  if (runtime.isBuildPhase()) return;
  // Validate the configuration at start so a bad deployment fails loudly and at once.
  getConfig();
  await startBackgroundJobs();
}
