import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";

type Credentials = { email: string; password: string };

/**
 * Signs `page`'s browser context in through the API (fast; the login dialog itself is tested
 * in auth.spec.ts). For accounts without two-factor. The session cookie lands in the context,
 * so the next page.goto() is signed in.
 */
export async function signIn(page: Page, account: Credentials): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post("/api/login", {
    data: { email: account.email, password: account.password },
    headers: { origin },
  });
  expect(res.status(), `sign-in of ${account.email}`).toBe(200);
  expect((await res.json()).two_factor_required).toBe(false);
}

/** Ends the context's session the way the user menu does. */
export async function signOut(page: Page): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  const res = await page.request.post("/api/logout", { data: {}, headers: { origin } });
  expect(res.status()).toBe(200);
}

/** The code an authenticator app shows now (or `offsetSeconds` later). */
export async function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}
