import type { Page } from "@playwright/test";

/**
 * The help line the e2e build is configured with (playwright.config.ts passes it to the server,
 * and .ci/run to its build step). The quick exit keeps its default address.
 */
export const e2eHelpLine = {
  phone: "0800 1234",
  phoneHref: "tel:08001234",
  chatUrl: "https://help.example.org/chat",
  websiteUrl: "https://help.example.org/",
} as const;

export const e2eHelpEnv = {
  HELP_PHONE: e2eHelpLine.phone,
  HELP_CHAT_URL: e2eHelpLine.chatUrl,
  HELP_WEBSITE_URL: e2eHelpLine.websiteUrl,
};

/** The help widget's toggle: a native disclosure's summary, which works without scripts. */
export function helpToggle(page: Page, name: string) {
  return page.locator("aside details > summary", { hasText: name });
}
