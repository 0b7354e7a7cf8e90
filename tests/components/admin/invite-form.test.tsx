import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { InviteForm } from "@/components/admin/staff/invite-form";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.admin.staff;
const server = setUpApiTestServer();
beforeEach(() => {
  server().on("POST /api/staff", (req) => ({
    status: 200,
    body: { id: 9, ...(req.body as object), is_verified: false, invitation_pending: true },
  }));
});

const posts = () => server().requests.filter((r) => r.path === "/api/staff");

describe("inviting staff", () => {
  it("invites a non-admin without asking for a password", async () => {
    const user = userEvent.setup();
    renderIntl(<InviteForm onInvited={() => {}} onAdminLost={() => {}} />, "en");
    expect(screen.queryByLabelText(t.invite.password)).toBeNull();
    await user.type(screen.getByLabelText(t.invite.email), "new@example.org");
    await user.click(screen.getByRole("button", { name: t.invite.submit }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ email: "new@example.org", name: "", is_admin: false });
  });

  it("asks for the inviter's own password before inviting an admin", async () => {
    const user = userEvent.setup();
    renderIntl(<InviteForm onInvited={() => {}} onAdminLost={() => {}} />, "en");
    await user.type(screen.getByLabelText(t.invite.email), "boss@example.org");
    await user.click(screen.getByLabelText(t.invite.isAdmin));
    const password = await screen.findByLabelText(t.invite.password);
    await user.click(screen.getByRole("button", { name: t.invite.submit }));
    expect(await screen.findByText(t.validation.passwordForAdmin)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await user.type(password, "My-Own-Passw0rd");
    await user.click(screen.getByRole("button", { name: t.invite.submit }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({
      email: "boss@example.org",
      name: "",
      is_admin: true,
      password: "My-Own-Passw0rd",
    });
  });
});

describe("an invitation whose mail cannot be sent (503 code 13)", () => {
  it("says nothing was saved and to try later, keeping what was typed", async () => {
    server().on("POST /api/staff", {
      status: 503,
      body: { error: { code: 13, message: "Could not send the email, try again later" } },
    });
    const user = userEvent.setup();
    renderIntl(<InviteForm onInvited={() => {}} onAdminLost={() => {}} />, "en");
    await user.type(screen.getByLabelText(t.invite.email), "new@example.org");
    await user.click(screen.getByRole("button", { name: t.invite.submit }));
    expect(await screen.findByText(t.invite.mailFailed)).toBeTruthy();
    expect((screen.getByLabelText(t.invite.email) as HTMLInputElement).value).toBe(
      "new@example.org",
    );
  });

  it("does not say nothing was saved for another failure, which may come after the account was made", async () => {
    server().on("POST /api/staff", {
      status: 500,
      body: { error: { code: 13, message: "An unknown error has occurred" } },
    });
    const user = userEvent.setup();
    renderIntl(<InviteForm onInvited={() => {}} onAdminLost={() => {}} />, "en");
    await user.type(screen.getByLabelText(t.invite.email), "new@example.org");
    await user.click(screen.getByRole("button", { name: t.invite.submit }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).not.toBe("");
    expect(screen.queryByText(t.invite.mailFailed)).toBeNull();
  });
});
