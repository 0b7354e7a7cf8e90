export async function register() {
  // NEXT_RUNTIME is set by Next.js itself; the literal check lets the Edge bundle drop Node code.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
