import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ChangePasswordDialog } from "@/components/admin/account/change-password-dialog";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { setUpApiTestServer } from "../support/api-test-file";
import { renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const user = { id: 1, email: "staff@example.org" } as PublicUser;

/** The account screen's use of a form dialog: a button opens it, closing it ends the form. */
function Account() {
  const [open, setOpen] = useState(false);
  return (
    <StaffUserProvider initial={user}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </StaffUserProvider>
  );
}

const WRONG_PASSWORD = {
  status: 400,
  body: { error: { code: 3, message: "Wrong password", fields: { current_password: "x" } } },
};

/** Opens the dialog and sends a password change with a wrong current password. */
async function sendWrongPassword() {
  const u = userEvent.setup();
  renderIntl(<Account />);
  await u.click(screen.getByRole("button", { name: "Open" }));
  const dialog = screen.getByRole("dialog", { name: "Wachtwoord wijzigen" });
  await u.type(within(dialog).getByLabelText("Huidig wachtwoord"), "fout-wachtwoord");
  await u.type(within(dialog).getByLabelText(/^Nieuw wachtwoord/), "Nieuw-wachtwoord-1");
  await u.type(within(dialog).getByLabelText("Bevestig nieuw wachtwoord"), "Nieuw-wachtwoord-1");
  await u.click(within(dialog).getByRole("button", { name: "Wachtwoord opslaan" }));
  return { u, dialog };
}

describe("a form in a dialog (change password)", () => {
  it("shows the server's refusal inside, on the field, and keeps what was typed", async () => {
    server().on("POST /api/change_password", WRONG_PASSWORD);
    const { dialog } = await sendWrongPassword();
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toContain("Verkeerd wachtwoord"),
    );
    const current = within(dialog).getByLabelText<HTMLInputElement>("Huidig wachtwoord");
    expect(current.value).toBe("fout-wachtwoord");
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(current);
  });

  it("stays open while its request is on its way, so the refusal is shown, not lost", async () => {
    server().on("POST /api/change_password", { ...WRONG_PASSWORD, delayMs: 300 });
    const { u, dialog } = await sendWrongPassword();
    await u.keyboard("{Escape}");
    expect(within(dialog).getByRole("button", { name: "Sluiten" })).toHaveProperty(
      "disabled",
      true,
    );
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toContain("Verkeerd wachtwoord"),
    );
    expect(screen.getByRole("dialog", { name: "Wachtwoord wijzigen" })).toBe(dialog);
    // Once answered, it closes as before. The refusal is on screen a render before the request
    // counts as done (the form's error, then its pending state), so wait for the close button.
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Sluiten" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    await u.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes on Cancel and opens empty again", async () => {
    const u = userEvent.setup();
    renderIntl(<Account />);
    await u.click(screen.getByRole("button", { name: "Open" }));
    await u.type(screen.getByLabelText("Huidig wachtwoord"), "iets");
    await u.click(screen.getByRole("button", { name: "Annuleren" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await u.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByLabelText<HTMLInputElement>("Huidig wachtwoord").value).toBe("");
  });
});
