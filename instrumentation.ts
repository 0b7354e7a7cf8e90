export async function register() {
  const { runtime } = await import("@/lib/config/runtime");
  if (!runtime.isNodeRuntime() || runtime.isBuildPhase()) return;
  // Validate the configuration at start so a bad deployment fails loudly and at once.
  const { getConfig } = await import("@/lib/config");
  getConfig();
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
