/**
 * Accounts that only the sign-in and account journeys use: they change passwords, turn
 * two-factor on and off and delete themselves, so the shared accounts in accounts.ts stay as
 * they are for every other test. Created in fixtures-data.ts.
 */
export type E2eAccount = {
  email: string;
  password: string;
  name: string;
  admin: boolean;
  /** Base32 TOTP secret; set means two-factor is on from the start. */
  totpSecret?: string;
};

export const authTestAccounts = {
  twoFactor: {
    email: "e2e-2fa@example.org",
    password: "TwoFactor-Passw0rd",
    name: "E2E Two-factor",
    admin: false,
    totpSecret: "KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF",
  },
  twoFactorEn: {
    email: "e2e-2fa-en@example.org",
    password: "TwoFactor-Passw0rd",
    name: "E2E Two-factor EN",
    admin: false,
    totpSecret: "MFZWIZTHNBVGW3DNMFZWIZTHNBVGW3DN",
  },
  changePassword: {
    email: "e2e-change@example.org",
    password: "Change-Passw0rd1",
    name: "E2E Change",
    admin: false,
  },
  toggleTwoFactor: {
    email: "e2e-toggle@example.org",
    password: "Toggle-Passw0rd1",
    name: "E2E Toggle",
    admin: false,
  },
  forgotPassword: {
    email: "e2e-forgot@example.org",
    password: "Forgot-Passw0rd1",
    name: "E2E Forgot",
    admin: false,
  },
  removable: {
    email: "e2e-remove@example.org",
    password: "Remove-Passw0rd1",
    name: "E2E Remove",
    admin: false,
  },
  signOutOthers: {
    email: "e2e-sign-out-others@example.org",
    password: "Elsewhere-Passw0rd1",
    name: "E2E Elsewhere",
    admin: false,
  },
  // Only on the second server with STAFF_TWO_FACTOR=required (staff-two-factor.spec.ts): a new
  // account that must set up two-factor before it can do anything else.
  twoFactorSetup: {
    email: "e2e-2fa-setup@example.org",
    password: "Setup-Passw0rd1",
    name: "E2E Setup",
    admin: false,
  },
  english: {
    email: "e2e-english@example.org",
    password: "English-Passw0rd1",
    name: "E2E English",
    admin: false,
  },
} satisfies Record<string, E2eAccount>;
