import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { DisableTwoFactorDialog } from "@/components/admin/account/disable-two-factor-dialog";
import { EnableTwoFactorDialog } from "@/components/admin/account/enable-two-factor-dialog";
import { StaffUserProvider, useStaffUser } from "@/components/admin/shell/staff-user-context";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { admin } from "../../support/communication";
import { messagesOf, renderIntl } from "../../support/render-intl";

const server = setUpApiTestServer();
const t = messagesOf.nl.account;

/** What the account's row reads from the session: whether two-factor is on. */
function TwoFactorState() {
  const { user } = useStaffUser();
  return <p data-testid="state">{user.two_factor_enabled ? "on" : "off"}</p>;
}

function renderWith(user: PublicUser, dialog: ReactNode) {
  renderIntl(
    <StaffUserProvider initial={user}>
      <TwoFactorState />
      {dialog}
    </StaffUserProvider>,
  );
  return userEvent.setup();
}

const state = () => screen.getByTestId("state").textContent;

describe("two-factor changed in another tab meanwhile", () => {
  it("turned on there: the dialog says so, and the session's user has it on", async () => {
    server().on("GET /api/generate_2fa_secret", {
      status: 409,
      body: { error: { code: 9, message: "2FA is already enabled" } },
    });
    renderWith(
      { ...admin, two_factor_enabled: false },
      <EnableTwoFactorDialog open onClose={() => {}} />,
    );
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(messagesOf.nl.errors.codes["9"])).toBeTruthy();
    await waitFor(() => expect(state()).toBe("on"));
  });

  it("turned off there: the dialog says so, and the session's user has it off", async () => {
    server().on("POST /api/disable_2fa", {
      status: 409,
      body: { error: { code: 11, message: "2FA is already disabled" } },
    });
    const u = renderWith(
      { ...admin, two_factor_enabled: true },
      <DisableTwoFactorDialog open onClose={() => {}} />,
    );
    const dialog = await screen.findByRole("dialog");
    await u.type(within(dialog).getByLabelText(t.disable.code), "123456");
    await u.click(within(dialog).getByRole("button", { name: t.disable.submit }));
    expect(await within(dialog).findAllByText(messagesOf.nl.errors.codes["11"])).not.toEqual([]);
    await waitFor(() => expect(state()).toBe("off"));
  });
});
