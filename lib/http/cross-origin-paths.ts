import "server-only";

/**
 * API paths that are called by mail clients (RFC 8058 one-click unsubscribe), schedulers or the
 * mail provider (its event notifications), not by browsers, so they carry no Origin. Each
 * authenticates itself by other means.
 */
export const CROSS_ORIGIN_API_PATHS = new Set([
  "/api/panel_user/unsubscribe",
  "/api/cron/deliver",
  "/api/webhooks/resend",
]);
