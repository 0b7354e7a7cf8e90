import type { Messages } from "./i18n/messages";
import type { Locale } from "./lib/i18n/locales.shared";

declare module "next-intl" {
  interface AppConfig {
    Messages: Messages;
    Locale: Locale;
  }
}
