import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StaffUserProvider, useStaffUser } from "@/components/admin/shell/staff-user-context";
import { StaffView } from "@/components/admin/staff/staff-view";
import { Toasts } from "@/components/ui/toasts";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import type { StaffListItem } from "@/lib/auth/staff-schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const server = setUpApiTestServer();

const nl = messagesOf.nl.admin.staff;
const person = (id: number, name: string, is_admin: boolean): StaffListItem => ({
  id,
  email: `${name.toLowerCase()}@example.org`,
  name,
  is_admin,
  is_verified: true,
  two_factor_enabled: false,
  two_factor_setup_required: false,
  invitation_pending: id === 3,
  created_at: 1_763_990_000,
});
const me = person(1, "Anna", true);

/** What the portal's shell reads from the session: here only the role. */
function Role() {
  const { user } = useStaffUser();
  return <p>{user.is_admin ? "role: admin" : "role: staff"}</p>;
}

function renderStaff() {
  const u = userEvent.setup();
  renderIntl(
    <StaffUserProvider initial={me as PublicUser}>
      <Role />
      <StaffView />
      <Toasts />
    </StaffUserProvider>,
  );
  return u;
}

const row = (email: string) => screen.getByRole("cell", { name: email }).closest("tr")!;

describe("the staff screen's admin role", () => {
  it("treats the session as staff at once after the admin takes their own admin role", async () => {
    server().on("GET /api/staff", {
      status: 200,
      body: { items: [me, person(2, "Bram", true), person(3, "Cor", false)] },
    });
    server().on("PUT /api/staff/1", { status: 200, body: { ...me, is_admin: false } });
    server().on("POST /api/staff/3/resend_invite", {
      status: 403,
      body: { error: { code: 8, message: "Requires an admin" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: me.email });
    expect(screen.getByText("role: admin")).toBeTruthy();
    await u.click(within(row(me.email)).getByRole("button", { name: new RegExp(nl.removeAdmin) }));
    expect(await screen.findByText("role: staff")).toBeTruthy();

    // The screen is now the refusal other staff get: no admin actions left to press in vain,
    // and focus on the heading, since the pressed button is gone.
    expect(screen.getByText(messagesOf.nl.errors.codes["8"])).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: new RegExp(nl.resendInvite) })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: nl.title }));
  });

  it("shows the refusal when the role was taken elsewhere (403 code 8), not the last-admin text", async () => {
    server().on("GET /api/staff", {
      status: 200,
      body: { items: [me, person(2, "Bram", true), person(3, "Cor", false)] },
    });
    server().on("POST /api/staff/3/resend_invite", {
      status: 403,
      body: { error: { code: 8, message: "Requires an admin" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: me.email });
    await u.click(
      within(row("cor@example.org")).getByRole("button", { name: new RegExp(nl.resendInvite) }),
    );
    expect(await screen.findByText("role: staff")).toBeTruthy();
    expect(screen.getAllByText(messagesOf.nl.errors.codes["8"]).length).toBeGreaterThan(0);
    expect(screen.queryByText(nl.lastAdmin)).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says that the last admin keeps the role when the server refuses it with 409", async () => {
    server().on("GET /api/staff", { status: 200, body: { items: [me, person(3, "Cor", false)] } });
    server().on("PUT /api/staff/1", {
      status: 409,
      body: { error: { code: 8, message: "The last admin cannot lose the admin role" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: me.email });
    await u.click(within(row(me.email)).getByRole("button", { name: new RegExp(nl.removeAdmin) }));
    expect(await screen.findByText(nl.lastAdmin)).toBeTruthy();
    expect(screen.getByText("role: admin")).toBeTruthy();
  });
});

describe("the staff screen's row actions", () => {
  it("keep focus on the role button after taking someone's admin role", async () => {
    const bram = person(2, "Bram", true);
    server().on("GET /api/staff", { status: 200, body: { items: [me, bram] } });
    server().on("PUT /api/staff/2", {
      status: 200,
      body: { ...bram, is_admin: false },
      delayMs: 100,
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: bram.email });
    const take = within(row(bram.email)).getByRole("button", { name: new RegExp(nl.removeAdmin) });
    await u.click(take);
    // Held while on its way, yet still the focused control.
    expect(take.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(take);
    const make = await within(row(bram.email)).findByRole("button", {
      name: new RegExp(nl.makeAdmin),
    });
    expect(document.activeElement).toBe(make);
  });

  it("say that an invitation was accepted meanwhile, and show the row as it is now", async () => {
    const cor = person(3, "Cor", false);
    let accepted = false;
    server().on("GET /api/staff", () => ({
      status: 200,
      body: { items: [me, accepted ? { ...cor, invitation_pending: false } : cor] },
    }));
    server().on("POST /api/staff/3/resend_invite", {
      status: 409,
      body: { error: { code: 22, message: "This account is already active" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: cor.email });
    accepted = true;
    await u.click(
      within(row(cor.email)).getByRole("button", { name: new RegExp(nl.resendInvite) }),
    );
    expect(await screen.findByText(nl.inviteAlreadyAccepted)).toBeTruthy();
    expect(screen.queryByText(messagesOf.nl.errors.codes["22"])).toBeNull();
    expect(await within(row(cor.email)).findByText(nl.statusActive)).toBeTruthy();
    expect(
      within(row(cor.email)).queryByRole("button", { name: new RegExp(nl.resendInvite) }),
    ).toBeNull();
    // The button pressed is gone: the focus goes to the heading, not to the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })),
    );
  });
});

describe("a confirmed staff action for someone removed elsewhere", () => {
  it("says so in the dialog and reads the list again", async () => {
    const bram = person(2, "Bram", false);
    let removed = false;
    server().on("GET /api/staff", () => ({
      status: 200,
      body: { items: removed ? [me] : [me, bram] },
    }));
    server().on("PUT /api/staff/2", {
      status: 404,
      body: { error: { code: 12, message: "user not found" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: bram.email });
    removed = true;
    await u.click(within(row(bram.email)).getByRole("button", { name: new RegExp(nl.makeAdmin) }));
    expect(screen.queryByRole("cell", { name: bram.email, hidden: true })).not.toBeNull();
    const dialog = await screen.findByRole("dialog");
    await u.type(
      within(dialog).getByLabelText(messagesOf.nl.common.passwordConfirm.label),
      "Mijn-Wachtw00rd",
    );
    await u.click(within(dialog).getByRole("button", { name: nl.makeAdmin }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      messagesOf.nl.errors.codes["12"],
    );
    // Behind the open dialog, the page is hidden from the accessibility tree: look there too.
    const behind = () => screen.queryByRole("cell", { name: bram.email, hidden: true });
    await waitFor(() => expect(behind()).toBeNull());
  });
});

describe("resetting two-factor that was turned off elsewhere", () => {
  it("says so in the dialog and reads the list again, which no longer offers the reset", async () => {
    const bram = { ...person(2, "Bram", false), two_factor_enabled: true };
    let turnedOff = false;
    server().on("GET /api/staff", () => ({
      status: 200,
      body: { items: [me, turnedOff ? { ...bram, two_factor_enabled: false } : bram] },
    }));
    server().on("POST /api/staff/2/reset_2fa", {
      status: 409,
      body: { error: { code: 11, message: "2FA is already disabled" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: bram.email });
    turnedOff = true;
    await u.click(
      within(row(bram.email)).getByRole("button", { name: new RegExp(nl.resetTwoFactor) }),
    );
    const dialog = await screen.findByRole("dialog");
    await u.type(
      within(dialog).getByLabelText(messagesOf.nl.common.passwordConfirm.label),
      "Mijn-Wachtw00rd",
    );
    await u.click(within(dialog).getByRole("button", { name: nl.resetTwoFactor }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      messagesOf.nl.errors.codes["11"],
    );
    // Behind the open dialog, the page is hidden from the accessibility tree: look there too.
    const resetButton = () =>
      within(
        screen.getByRole("cell", { name: bram.email, hidden: true }).closest("tr")!,
      ).queryByRole("button", { name: new RegExp(nl.resetTwoFactor), hidden: true });
    await waitFor(() => expect(resetButton()).toBeNull());
  });
});

describe("an invitation refused because the role was taken elsewhere (403 code 8)", () => {
  it("shows the screen a non-admin sees, as the other actions do", async () => {
    server().on("GET /api/staff", { status: 200, body: { items: [me] } });
    server().on("POST /api/staff", {
      status: 403,
      body: { error: { code: 8, message: "This requires an admin" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: me.email });
    await u.type(screen.getByLabelText(nl.invite.email), "nieuw@example.org");
    await u.click(screen.getByRole("button", { name: nl.invite.submit }));
    expect(await screen.findByText("role: staff")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: nl.invite.submit })).toBeNull(),
    );
    expect(screen.getByRole("alert").textContent).toBe(messagesOf.nl.errors.codes["8"]);
  });
});

describe("an invitation sent again while mail cannot go (503 code 13)", () => {
  it("says the invitation could not be sent again, not that something unknown happened", async () => {
    const cor = person(3, "Cor", false);
    server().on("GET /api/staff", { status: 200, body: { items: [me, cor] } });
    server().on("POST /api/staff/3/resend_invite", {
      status: 503,
      body: { error: { code: 13, message: "Could not send the email, try again later" } },
    });
    const u = renderStaff();
    await screen.findByRole("cell", { name: cor.email });
    await u.click(
      within(row(cor.email)).getByRole("button", { name: new RegExp(nl.resendInvite) }),
    );
    expect(await screen.findByText(nl.inviteResendFailed)).toBeTruthy();
  });
});
