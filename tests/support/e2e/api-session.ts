import { expect, type APIRequestContext } from "@playwright/test";

type Credentials = { email: string; password: string };

/** Signs an API request context in (accounts without two-factor); it keeps the cookie. */
export async function signInApi(
  request: APIRequestContext,
  baseURL: string,
  account: Credentials,
): Promise<void> {
  const res = await request.post("/api/login", {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL },
  });
  expect(res.status(), `sign-in of ${account.email}`).toBe(200);
  expect((await res.json()).two_factor_required).toBe(false);
}

/** The Cookie header the context would send, for requests made outside Playwright. */
export async function cookieHeader(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}
