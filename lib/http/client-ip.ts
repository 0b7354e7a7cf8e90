import { getConfig } from "@/lib/config";

/**
 * The caller's address, used only as a rate-limit key and never stored with anything else.
 * `next start` fills X-Forwarded-For with the socket address when the client sent none; behind a
 * proxy (TRUST_PROXY=1) the last entry is the one our own proxy appended. Without a proxy a
 * client can forge the header, which only weakens the per-client limits: the per-account and
 * per-address limits still hold.
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const parts = forwarded
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return "unknown";
  const ip = getConfig().trustProxy ? parts[parts.length - 1] : parts[0];
  return ip.slice(0, 64);
}
