import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkActionStatus } from "@/components/public/link-action-status";
import { ResetPasswordForm } from "@/components/public/reset-password-form";
import { setUpApiTestServer } from "../support/api-test-file";
import { browseTo, messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const nl = messagesOf.nl;
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

/** What the address bar shows now, relative to the test server. */
const address = () => window.location.href.slice(server().origin.length);

describe("the verify and stop pages read the mail link", () => {
  it("take id and token from the fragment, clear the address, and send them on the press", async () => {
    server().on("POST /api/panel_user/verify_email", { status: 200, body: {} });
    browseTo(server().origin, `/verify-email#panel_user_id=7&verification_token=${TOKEN}`);
    renderIntl(<LinkActionStatus action="verify" />);
    const confirm = await screen.findByRole("button", { name: nl.panel.verify.confirm });
    // Out of the address bar at once; nothing sent before the press.
    expect(address()).toBe("/verify-email");
    expect(server().requests).toEqual([]);
    confirm.focus();
    fireEvent.click(confirm);
    expect(await screen.findByText(nl.panel.verify.success)).toBeTruthy();
    // The pressed button is gone: focus is on the outcome, which is read out, not on the body.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement?.textContent).toContain(nl.panel.verify.success);
    expect(server().requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/api/panel_user/verify_email", { panel_user_id: "7", verification_token: TOKEN }],
    ]);
  });

  it("still read the query of a link in a mail sent before, and clear it too", async () => {
    server().on("POST /api/panel_user/stop_participation", { status: 200, body: {} });
    browseTo(server().origin, `/stop-participation?panel_user_id=9&stop_token=k1.${TOKEN}`);
    renderIntl(<LinkActionStatus action="stop" />, "en");
    const leave = await screen.findByRole("button", { name: messagesOf.en.panel.stop.confirm });
    expect(address()).toBe("/stop-participation");
    fireEvent.click(leave);
    expect(await screen.findByText(messagesOf.en.panel.stop.success)).toBeTruthy();
    expect(server().requests.map((r) => r.body)).toEqual([
      { panel_user_id: "9", stop_token: `k1.${TOKEN}` },
    ]);
  });

  it("prefer the fragment when a link carries both", async () => {
    server().on("POST /api/panel_user/stop_participation", { status: 200, body: {} });
    browseTo(
      server().origin,
      `/stop-participation?panel_user_id=1&stop_token=old#panel_user_id=2&stop_token=new`,
    );
    renderIntl(<LinkActionStatus action="stop" />);
    fireEvent.click(await screen.findByRole("button", { name: nl.panel.stop.confirm }));
    await screen.findByText(nl.panel.stop.success);
    expect(server().requests.map((r) => r.body)).toEqual([
      { panel_user_id: "2", stop_token: "new" },
    ]);
  });

  it("say, when the stop link no longer works, that someone who already left is out of the panel", async () => {
    server().on("POST /api/panel_user/stop_participation", {
      status: 400,
      body: { error: { code: 15, message: "could not stop participation with the token" } },
    });
    browseTo(server().origin, `/stop-participation#panel_user_id=9&stop_token=${TOKEN}`);
    renderIntl(<LinkActionStatus action="stop" />);
    fireEvent.click(await screen.findByRole("button", { name: nl.panel.stop.confirm }));
    const alert = await screen.findByRole("alert");
    // The spec's text for code 15, and what it can also mean.
    expect(alert.textContent).toContain(nl.errors.codes["15"]);
    expect(alert.textContent).toContain(nl.panel.stop.alreadyLeftHint);
  });

  it("say the link is incomplete when the fragment lacks the token", async () => {
    browseTo(server().origin, "/verify-email#panel_user_id=7");
    renderIntl(<LinkActionStatus action="verify" />);
    expect((await screen.findByRole("alert")).textContent).toBe(nl.panel.verify.incompleteLink);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the set-password page reads the mail link", () => {
  it("takes address, token and the invitation mark from the fragment and clears them", async () => {
    server().on("POST /api/reset_password", { status: 200, body: {} });
    const email = "new.colleague@example.org";
    browseTo(
      server().origin,
      `/reset-password#email=${encodeURIComponent(email)}&reset_token=${TOKEN}&invite=1`,
    );
    renderIntl(<ResetPasswordForm />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      nl.auth.reset.inviteTitle,
    );
    expect(address()).toBe("/reset-password");
    expect((screen.getByLabelText(nl.auth.reset.email) as HTMLInputElement).value).toBe(email);
    expect((screen.getByLabelText(nl.auth.reset.token) as HTMLInputElement).value).toBe(TOKEN);
    fireEvent.change(screen.getByLabelText(nl.auth.reset.newPassword), {
      target: { value: "Chosen-Passw0rd" },
    });
    fireEvent.change(screen.getByLabelText(nl.auth.reset.checkPassword), {
      target: { value: "Chosen-Passw0rd" },
    });
    fireEvent.click(screen.getByRole("button", { name: nl.auth.reset.submit }));
    const success = await screen.findByText(nl.auth.reset.success);
    expect(server().requests.map((r) => r.body)).toEqual([
      { email, reset_token: TOKEN, new_password: "Chosen-Passw0rd" },
    ]);
    // The fields and button are disabled now: focus is on the outcome, which reads it out.
    await waitFor(() => expect(document.activeElement?.getAttribute("tabindex")).toBe("-1"));
    expect(document.activeElement?.contains(success)).toBe(true);
  });

  it("still reads the query of a reset link in a mail sent before", async () => {
    browseTo(server().origin, `/reset-password?email=a%40example.org&reset_token=${TOKEN}`);
    renderIntl(<ResetPasswordForm />, "en");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      messagesOf.en.auth.reset.title,
    );
    expect(address()).toBe("/reset-password");
    const token = screen.getByLabelText(messagesOf.en.auth.reset.token) as HTMLInputElement;
    expect(token.value).toBe(TOKEN);
    expect(screen.queryByText(messagesOf.en.auth.reset.missingLink)).toBeNull();
  });
});

describe("a link opened in a tab that already shows the page", () => {
  it("is read again when only the fragment changes", async () => {
    server().on("POST /api/panel_user/verify_email", { status: 200, body: {} });
    browseTo(server().origin, "/verify-email#panel_user_id=3&verification_token=first");
    renderIntl(<LinkActionStatus action="verify" />);
    await screen.findByRole("button", { name: nl.panel.verify.confirm });
    expect(address()).toBe("/verify-email");
    // The browser's fragment navigation: same document, a hashchange event.
    window.location.hash = "#panel_user_id=4&verification_token=second";
    await waitFor(() => expect(address()).toBe("/verify-email"));
    fireEvent.click(screen.getByRole("button", { name: nl.panel.verify.confirm }));
    await screen.findByText(nl.panel.verify.success);
    expect(server().requests.map((r) => r.body)).toEqual([
      { panel_user_id: "4", verification_token: "second" },
    ]);
  });

  it("is not read again for the skip link's #main, which opens no new link", async () => {
    server().on("POST /api/panel_user/verify_email", { status: 200, body: {} });
    browseTo(server().origin, "/verify-email#panel_user_id=5&verification_token=kept");
    renderIntl(<LinkActionStatus action="verify" />);
    await screen.findByRole("button", { name: nl.panel.verify.confirm });
    window.location.hash = "#main";
    // The hashchange has been handled when the address shows the fragment it set.
    await waitFor(() => expect(address()).toBe("/verify-email#main"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole("button", { name: nl.panel.verify.confirm }));
    await screen.findByText(nl.panel.verify.success);
    expect(server().requests.map((r) => r.body)).toEqual([
      { panel_user_id: "5", verification_token: "kept" },
    ]);
  });
});
