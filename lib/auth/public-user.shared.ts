/**
 * The staff user as the API shows it (User in the API): what the browser may know about an
 * account. Kept apart from the session code so client components can name the type without
 * reaching server modules.
 */
export type PublicUser = {
  id: number;
  email: string;
  name: string;
  is_admin: boolean;
  is_verified: boolean;
  two_factor_enabled: boolean;
  /**
   * Staff two-factor is required (`STAFF_TWO_FACTOR`) and this account has none yet: every call
   * but setting it up and the account's own basics answers 403 code 30 until it is on.
   */
  two_factor_setup_required: boolean;
};
