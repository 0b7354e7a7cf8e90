import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

/** A screen's use of it: removing a colleague through the real API client. */
function RemoveColleague() {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const mutation = useApiMutation();
  async function confirm(password: string) {
    const result = await mutation.run({
      path: "/api/staff/7",
      method: "DELETE",
      body: { password },
    });
    if (!result.ok) return;
    setOpen(false);
    setRemoved(true);
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove colleague
      </button>
      {removed ? <p>Removed</p> : null}
      <PasswordConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) mutation.reset();
        }}
        title="Remove staff member"
        description="They will no longer be able to log in."
        confirmLabel="Remove"
        tone="danger"
        pending={mutation.pending}
        error={mutation.errorMessage}
        onConfirm={(password) => void confirm(password)}
      />
    </>
  );
}

describe("PasswordConfirmDialog", () => {
  it("asks for the password first, refuses an empty one, and sends it on Enter", async () => {
    const sent: unknown[] = [];
    server().on("DELETE /api/staff/7", (request) => {
      sent.push(request.body);
      return (request.body as { password: string }).password === "Right-Passw0rd"
        ? { status: 200, body: {} }
        : { status: 400, body: { error: { code: 3, message: "wrong password" } } };
    });
    const user = userEvent.setup();
    renderIntl(<RemoveColleague />);
    await user.click(screen.getByRole("button", { name: "Remove colleague" }));
    const dialog = screen.getByRole("dialog", { name: "Remove staff member" });
    const field = within(dialog).getByLabelText("Je wachtwoord");
    expect(field.getAttribute("type")).toBe("password");
    expect(field.getAttribute("autocomplete")).toBe("current-password");
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(within(dialog).getByText(messagesOf.nl.common.passwordConfirm.required)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(field, "Wrong-Passw0rd{Enter}");
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(messagesOf.nl.errors.codes["3"]);
    expect(screen.getByRole("dialog")).toBe(dialog);
    // Selected, so typing again replaces the wrong password.
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.keyboard("Right-Passw0rd{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Removed")).toBeTruthy();
    expect(sent).toEqual([{ password: "Wrong-Passw0rd" }, { password: "Right-Passw0rd" }]);
  });

  it("keeps the focus in the field while the password is checked: read-only, not disabled", async () => {
    let answer: (() => void) | undefined;
    server().on(
      "DELETE /api/staff/7",
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ status: 400, body: { error: { code: 3, message: "wrong password" } } });
        }),
    );
    const user = userEvent.setup();
    renderIntl(<RemoveColleague />);
    await user.click(screen.getByRole("button", { name: "Remove colleague" }));
    const dialog = screen.getByRole("dialog", { name: "Remove staff member" });
    const field = within(dialog).getByLabelText("Je wachtwoord") as HTMLInputElement;
    await user.type(field, "Wrong-Passw0rd{Enter}");
    await waitFor(() => expect(answer).toBeDefined());
    // A disabled field would drop the focus to the page's body (the browser's focus fix-up).
    expect(field.disabled).toBe(false);
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(field);
    answer!();
    await within(dialog).findByRole("alert");
    expect(field.readOnly).toBe(false);
  });

  it("Cancel closes it without sending anything", async () => {
    let called = false;
    server().on("DELETE /api/staff/7", () => {
      called = true;
      return { status: 200, body: {} };
    });
    const user = userEvent.setup();
    renderIntl(<RemoveColleague />);
    await user.click(screen.getByRole("button", { name: "Remove colleague" }));
    await user.type(screen.getByLabelText("Je wachtwoord"), "Something");
    await user.click(screen.getByRole("button", { name: "Annuleren" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(called).toBe(false);
  });
});
