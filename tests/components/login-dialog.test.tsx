import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { LoginDialog } from "@/components/public/login-dialog";
import { MAX_CODE_ATTEMPTS } from "@/lib/auth/challenge-limits.shared";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const nl = messagesOf.nl.auth.login;
const WRONG_CODE = {
  status: 400,
  body: { error: { code: 2, message: "incorrect 2FA code, try again" } },
};

beforeEach(() => {
  server().on("POST /api/login", { status: 200, body: { two_factor_required: true } });
  server().on("POST /api/login_2fa", WRONG_CODE);
});

/** The dialog open, its password step sent (the answer may still be on its way). */
async function sendPasswordStep() {
  const u = userEvent.setup();
  renderIntl(<LoginDialog triggerLabel="Inloggen" initiallyOpen />);
  const dialog = screen.getByRole("dialog");
  await u.type(within(dialog).getByLabelText(nl.email), "staff@example.org");
  await u.type(within(dialog).getByLabelText(nl.password), "Het-juiste-wachtwoord-1");
  await u.click(within(dialog).getByRole("button", { name: nl.submit }));
  return { u, dialog };
}

/** The dialog open on its code step, after a right password. */
async function atCodeStep() {
  const sent = await sendPasswordStep();
  await screen.findByRole("heading", { name: nl.codeTitle });
  return sent;
}

describe("the login dialog's code step", () => {
  it("marks a wrong code at its field and selects it there, for the next one to replace", async () => {
    const { u, dialog } = await atCodeStep();
    const field = within(dialog).getByLabelText(nl.code) as HTMLInputElement;
    await u.type(field, "000001");
    await u.click(within(dialog).getByRole("button", { name: nl.verify }));
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole("heading", { name: nl.codeTitle })).toBeTruthy();
    await u.keyboard("123456");
    expect(field.value).toBe("123456");
  });

  it("goes back to the password step by itself after the last wrong code, saying why", async () => {
    const { u, dialog } = await atCodeStep();
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      await u.clear(within(dialog).getByLabelText(nl.code));
      await u.type(within(dialog).getByLabelText(nl.code), `00000${i}`);
      await u.click(within(dialog).getByRole("button", { name: nl.verify }));
      await waitFor(() =>
        expect(server().requests.filter((r) => r.path === "/api/login_2fa")).toHaveLength(i),
      );
      expect(screen.getByRole("heading", { name: nl.codeTitle })).toBeTruthy();
    }
    await u.clear(within(dialog).getByLabelText(nl.code));
    await u.type(within(dialog).getByLabelText(nl.code), "000009");
    await u.click(within(dialog).getByRole("button", { name: nl.verify }));
    expect(await screen.findByRole("heading", { name: nl.title })).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe(nl.startAgain);
  });

  it("says the sign-in has to start again when the challenge is gone, not 'wrong password'", async () => {
    server().on("POST /api/login_2fa", {
      status: 401,
      body: { error: { code: 1, message: "could not login with email and password" } },
    });
    const { u, dialog } = await atCodeStep();
    await u.type(within(dialog).getByLabelText(nl.code), "123456");
    await u.click(within(dialog).getByRole("button", { name: nl.verify }));
    expect(await screen.findByRole("heading", { name: nl.title })).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe(nl.startAgain);
    // Focus is in the password field, to type it again; not on the dialog's frame.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText(nl.password)),
    );
  });

  it("puts the focus in the password field when the reader goes back from the code step", async () => {
    const { u, dialog } = await atCodeStep();
    await u.click(within(dialog).getByRole("button", { name: nl.back }));
    expect(await screen.findByRole("heading", { name: nl.title })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText(nl.password)),
    );
    expect((within(dialog).getByLabelText(nl.email) as HTMLInputElement).value).toBe(
      "staff@example.org",
    );
  });

  it("stays open while the password step is on its way, so its answer is not lost", async () => {
    server().on("POST /api/login", {
      status: 200,
      body: { two_factor_required: true },
      delayMs: 300,
    });
    const { u, dialog } = await sendPasswordStep();
    await u.keyboard("{Escape}");
    expect(await screen.findByRole("heading", { name: nl.codeTitle })).toBeTruthy();
    expect(screen.getByRole("dialog")).toBe(dialog);
  });
});
