import { z } from "zod";
import { emailSchema } from "@/lib/validation/common.shared";
import enAuth from "@/i18n/messages/en/auth.json";

/**
 * Every payload of the staff sign-in and account calls, shared by the forms and the handlers.
 * Texts are passed in: a form gives its translated texts (the login area and the account modals
 * word some rules differently), a handler the English defaults below, which end up in
 * the `fields` of a code 22 answer.
 */
export type ValidationKey = keyof typeof enAuth.validation;
export type Texts<K extends ValidationKey = ValidationKey> = (key: K) => string;

const englishTexts: Texts = (key) => enAuth.validation[key];

/** Generous upper bounds that keep hashing and storage cheap; no real value comes close. */
export const MAX_PASSWORD_LENGTH = 256;
const MAX_TOKEN_LENGTH = 200;

type EmailKey = "emailRequired" | "emailInvalid";
export function emailField(t: Texts<EmailKey> = englishTexts) {
  return emailSchema({ required: t("emailRequired"), invalid: t("emailInvalid") });
}

type CodeKey = "codeRequired" | "codeInvalid";
/** A six-digit TOTP code; spaces an authenticator app shows between the groups are dropped. */
export function totpCodeField(t: Texts<CodeKey> = englishTexts) {
  return z
    .string(t("codeRequired"))
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, t("codeRequired"))
        .regex(/^\d{6}$/, t("codeInvalid")),
    );
}

type NewPasswordKey =
  | "newPasswordRequired"
  | "passwordTooShort"
  | "passwordTooLong"
  | "passwordNeedsUppercase"
  | "passwordNeedsLowercase"
  | "passwordNeedsDigit";
/** The password rules: at least 8 characters with an upper-case letter, a lower-case one and a digit. */
export function newPasswordField(t: Texts<NewPasswordKey> = englishTexts) {
  return z
    .string(t("newPasswordRequired"))
    .min(1, { error: t("newPasswordRequired"), abort: true })
    .min(8, t("passwordTooShort"))
    .max(MAX_PASSWORD_LENGTH, t("passwordTooLong"))
    .regex(/\p{Lu}/u, t("passwordNeedsUppercase"))
    .regex(/\p{Ll}/u, t("passwordNeedsLowercase"))
    .regex(/\p{Nd}/u, t("passwordNeedsDigit"));
}

/** A password typed to prove who you are: no rule beyond a sane length (it may be an old one). */
const passwordInput = z.string().max(MAX_PASSWORD_LENGTH);

type ConfirmKey = "confirmRequired" | "passwordsDontMatch";
function confirmationField(t: Texts<ConfirmKey>) {
  return z.string(t("confirmRequired")).min(1, t("confirmRequired"));
}
/** "Repeat the new password" is checked even while the new password itself is still invalid. */
function matches<F extends string>(field: F, t: Texts<ConfirmKey>) {
  return {
    path: [field],
    message: t("passwordsDontMatch"),
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.new_password === "string" && typeof v[field] === "string" && v[field] !== "";
    },
  };
}

// POST /api/login -----------------------------------------------------------------------------
export function loginSchema(t: Texts<EmailKey> = englishTexts) {
  return z.object({ email: emailField(t), password: passwordInput });
}
export type LoginInput = z.infer<ReturnType<typeof loginSchema>>;

// POST /api/login_2fa -------------------------------------------------------------------------
/** The spec sends the e-mail along; the pending challenge decides who is signing in. */
export function loginTwoFactorSchema(t: Texts<EmailKey | CodeKey> = englishTexts) {
  return z.object({ email: emailField(t).optional(), totp_code: totpCodeField(t) });
}
export type LoginTwoFactorInput = z.infer<ReturnType<typeof loginTwoFactorSchema>>;

// POST /api/forgot_password -------------------------------------------------------------------
export function forgotPasswordSchema(t: Texts<EmailKey> = englishTexts) {
  return z.object({ email: emailField(t) });
}
export type ForgotPasswordInput = z.infer<ReturnType<typeof forgotPasswordSchema>>;

// POST /api/reset_password --------------------------------------------------------------------
/**
 * The handler checks the new password's rules itself (after the token), so a weak password
 * answers code 4 "does not meet the conditions" rather than the generic code 22.
 */
export const resetPasswordSchema = z.object({
  email: emailField(),
  reset_token: z.string().trim().min(1).max(MAX_TOKEN_LENGTH),
  new_password: passwordInput,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export function resetPasswordFormSchema(t: Texts<NewPasswordKey | ConfirmKey>) {
  return resetPasswordSchema
    .extend({ new_password: newPasswordField(t), check_password: confirmationField(t) })
    .refine((v) => v.check_password === v.new_password, matches("check_password", t));
}
export type ResetPasswordFormInput = z.input<ReturnType<typeof resetPasswordFormSchema>>;

// POST /api/change_password -------------------------------------------------------------------
export const changePasswordSchema = z.object({
  current_password: passwordInput,
  new_password: passwordInput,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export function changePasswordFormSchema(t: Texts<NewPasswordKey | ConfirmKey>) {
  return changePasswordSchema
    .extend({ new_password: newPasswordField(t), confirm_new_password: confirmationField(t) })
    .refine((v) => v.confirm_new_password === v.new_password, matches("confirm_new_password", t));
}
export type ChangePasswordFormInput = z.input<ReturnType<typeof changePasswordFormSchema>>;

// Two-factor ------------------------------------------------------------------------------------
export function enableTwoFactorSchema(t: Texts<CodeKey> = englishTexts) {
  return z.object({
    totp_secret: z.string().trim().min(16).max(128),
    totp_code: totpCodeField(t),
  });
}
export type EnableTwoFactorInput = z.infer<ReturnType<typeof enableTwoFactorSchema>>;

export function disableTwoFactorSchema(t: Texts<CodeKey> = englishTexts) {
  return z.object({ totp_code: totpCodeField(t) });
}
export type DisableTwoFactorInput = z.infer<ReturnType<typeof disableTwoFactorSchema>>;

// Actions a stolen session must not be able to take alone -------------------------------------
type PasswordKey = "passwordRequired";
/** The caller's own current password, asked again before an action that cannot be undone. */
export function confirmPasswordField(t: Texts<PasswordKey> = englishTexts) {
  return z
    .string(t("passwordRequired"))
    .min(1, t("passwordRequired"))
    .max(MAX_PASSWORD_LENGTH, t("passwordRequired"));
}

/**
 * DELETE /api/delete_account, DELETE /api/staff/{id}, POST /api/staff/{id}/reset_2fa: the
 * caller's password (a deliberate addition to the spec's empty body; see docs/auth.md).
 */
export function confirmPasswordSchema(t: Texts<PasswordKey> = englishTexts) {
  return z.object({ password: confirmPasswordField(t) });
}
export type ConfirmPasswordInput = z.infer<ReturnType<typeof confirmPasswordSchema>>;

/**
 * The English text under `new_password` (or `password`) of code 4 for a common password; the
 * forms show their own translation of it (`passwordTooCommon`). The list itself is server-only
 * (lib/auth/common-passwords.ts).
 */
export const COMMON_PASSWORD_TEXT = enAuth.validation.passwordTooCommon;

/** Checks a new password against the rules; returns the first broken rule's text, if any. */
export function passwordProblem(password: string, t: Texts<NewPasswordKey> = englishTexts) {
  const result = newPasswordField(t).safeParse(password);
  return result.success ? null : result.error.issues[0].message;
}
