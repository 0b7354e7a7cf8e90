import { config } from "zod/v4/core";

// Runs in the browser before the application's own code. Zod compiles object parsers with
// `new Function` where it may, and probes for that once; every page's CSP forbids eval, and the
// browser reports the caught probe as a policy violation all the same. The schemas validated in
// the browser are small forms: the plain parser is fast enough.
config({ jitless: true });
