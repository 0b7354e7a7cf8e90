import { cleanup, fireEvent, screen } from "@testing-library/react";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { islandMessages } from "@/components/public/client-messages";
import { PanelSignupForm } from "@/components/public/panel-signup-form";
import { PANEL_SIGNUP_TEXTS } from "@/components/public/panel-signup-texts";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();
/** Texts the form asked for and did not get: the page hands it only PANEL_SIGNUP_TEXTS. */
const missing: string[] = [];
beforeEach(() => {
  missing.length = 0;
});
afterEach(() => expect(missing).toEqual([]));

/** Where the form went on success; the App Router's context is what Next gives a page. */
const pushed: string[] = [];
const router = {
  push: (href: string) => void pushed.push(href),
  replace: () => {},
  refresh: () => {},
  back: () => {},
  forward: () => {},
  prefetch: () => {},
  bfcacheId: "test",
};

async function signUp(locale: "nl" | "en", address: string): Promise<HTMLElement> {
  renderIntl(
    <AppRouterContext.Provider value={router}>
      <PanelSignupForm />
    </AppRouterContext.Provider>,
    locale,
    {
      // What the home page hands the form (ClientMessages), not every text.
      messages: islandMessages(messagesOf[locale], PANEL_SIGNUP_TEXTS, { errorCodes: false }),
      onError: (error) => void missing.push(error.message),
    },
  );
  const field = screen.getByRole("textbox", { name: messagesOf[locale].home.emailLabel });
  fireEvent.change(field, { target: { value: address } });
  fireEvent.click(screen.getByRole("button", { name: messagesOf[locale].home.submit }));
  return screen.findByRole("alert");
}

describe("the home page's sign-up when the server refuses", () => {
  for (const locale of ["nl", "en"] as const) {
    it(`names the address when the server refuses it (${locale})`, async () => {
      // The browser's e-mail field lets "jan@voorbeeld" through; the server does not.
      server().on("POST /api/panel_user", {
        status: 400,
        body: { error: { code: 22, message: "Invalid input", fields: { email: "Invalid email" } } },
      });
      const alert = await signUp(locale, "jan@voorbeeld");
      expect(alert.textContent).toBe(messagesOf[locale].home.emailInvalid);
      const field = screen.getByRole("textbox", { name: messagesOf[locale].home.emailLabel });
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    });
  }

  it("keeps the spec's one text for every other failure", async () => {
    for (const reply of [
      { status: 500, body: { error: { code: 13, message: "An unknown error occurred" } } },
      { status: 429, body: { error: { code: 15, message: "Too many requests" } } },
      { status: 400, body: { error: { code: 22, message: "Invalid input", fields: {} } } },
    ]) {
      server().on("POST /api/panel_user", reply);
      const alert = await signUp("nl", "jan@voorbeeld.nl");
      expect(alert.textContent, String(reply.status)).toBe(messagesOf.nl.home.error);
      // The address is not what failed: the field is not marked invalid.
      const field = screen.getByRole("textbox", { name: messagesOf.nl.home.emailLabel });
      expect(field.getAttribute("aria-invalid"), String(reply.status)).toBeNull();
      cleanup();
    }
    expect(pushed).toEqual([]);
  });
});
