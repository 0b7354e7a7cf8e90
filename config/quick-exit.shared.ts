/**
 * Where the quick-exit control goes unless QUICK_EXIT_URL says otherwise: a neutral page (a
 * weather search) that says nothing about where the visitor came from. A plain constant, so
 * browser tests can check the control against it.
 */
export const DEFAULT_QUICK_EXIT_URL = "https://www.google.com/search?q=weer";
