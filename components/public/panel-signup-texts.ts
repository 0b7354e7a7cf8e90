/**
 * The texts the home page's sign-up form shows (components/public/panel-signup-form), the only
 * ones of the `home` namespace its page hands to the browser: the page's title, introduction and
 * privacy note are rendered on the server. The form words every failure itself, so it needs no
 * error catalogue either.
 */
export const PANEL_SIGNUP_TEXTS = [
  "home.emailLabel",
  "home.emailPlaceholder",
  "home.submit",
  "home.error",
  "home.emailInvalid",
] as const;
