import "server-only";
import { ConfigError } from "./errors";
import type { HelpLine } from "./help-line.shared";
import { publicSiteEnvSchema, type PublicSiteEnv } from "./schema";

export type PublicSiteConfig = {
  appUrl: string;
  help: HelpLine;
  quickExitUrl: string;
};

/** "+31 (0)800-1234" is written for people; the "(0)" must not be dialled after a country code. */
function dialable(phone: string): string {
  return phone.replace(/\(0\)/g, "").replace(/[^0-9+]/g, "");
}

export function publicSiteFromEnv(e: PublicSiteEnv): PublicSiteConfig {
  return {
    appUrl: e.APP_URL.replace(/\/+$/, ""),
    help: {
      phone: e.HELP_PHONE
        ? { display: e.HELP_PHONE, href: `tel:${dialable(e.HELP_PHONE)}` }
        : undefined,
      chatUrl: e.HELP_CHAT_URL,
      websiteUrl: e.HELP_WEBSITE_URL,
    },
    quickExitUrl: e.QUICK_EXIT_URL,
  };
}

/** Parses only the public site's settings, so static pages build without the server's secrets. */
export function parsePublicSiteConfig(
  source: Record<string, string | undefined>,
): PublicSiteConfig {
  const parsed = publicSiteEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`),
    );
  }
  return publicSiteFromEnv(parsed.data);
}

const cacheKey = Symbol.for("research-panel.public-site-config");
type Cache = { [cacheKey]?: PublicSiteConfig };

/** The public site's settings of this process (help line, quick exit, site address). */
export function getPublicSiteConfig(): PublicSiteConfig {
  const g = globalThis as Cache;
  g[cacheKey] ??= parsePublicSiteConfig(process.env);
  return g[cacheKey];
}
