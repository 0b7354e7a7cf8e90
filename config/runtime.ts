import "server-only";

/** Facts about the running process that Next.js itself sets (not application configuration). */
export const runtime = {
  isNodeRuntime: () => process.env.NEXT_RUNTIME === "nodejs",
  isBuildPhase: () => process.env.NEXT_PHASE === "phase-production-build",
};
