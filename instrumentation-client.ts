import type { $ZodConfig } from "zod/v4/core";

// Runs in the browser before the application's own code. Zod compiles object parsers with
// `new Function` where it may, and probes for that once; every page's CSP forbids eval, and the
// browser reports the caught probe as a policy violation all the same. The schemas validated in
// the browser are small forms: the plain parser is fast enough.
//
// Zod keeps its configuration on `globalThis.__zod_globalConfig` and documents filling it in
// before it loads. Setting it here instead of calling `config()` keeps Zod itself (about 5 kB
// gzipped) out of every page: it loads only with the forms that use it.
// Changed in place, so a Zod that happened to load first sees it too.
const zodHolder = globalThis as { __zod_globalConfig?: $ZodConfig };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;
