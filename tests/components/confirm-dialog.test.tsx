import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

/** A screen's use of it: a row button opens it, confirming deletes through the real API. */
function DeleteRow({ focusHeadingAfter = false }: { focusHeadingAfter?: boolean }) {
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const mutation = useApiMutation();
  async function confirm() {
    const result = await mutation.run({ path: "/api/thing/1", method: "DELETE" });
    if (result.ok) setOpen(false);
  }
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Things
      </h1>
      <button type="button" onClick={() => setOpen(true)}>
        Delete thing
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) mutation.reset();
        }}
        title="Delete this thing?"
        description="It cannot be brought back."
        confirmLabel="Delete"
        tone="danger"
        pending={mutation.pending}
        error={mutation.errorMessage}
        onConfirm={() => void confirm()}
        returnFocus={focusHeadingAfter ? () => heading.current : undefined}
      />
    </>
  );
}

describe("ConfirmDialog", () => {
  it("is a dialog named by its title and described by its text, with focus on Cancel", async () => {
    const user = userEvent.setup();
    renderIntl(<DeleteRow />);
    await user.click(screen.getByRole("button", { name: "Delete thing" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this thing?" });
    const described = dialog.getAttribute("aria-describedby");
    expect(described && document.getElementById(described)?.textContent).toBe(
      "It cannot be brought back.",
    );
    expect(within(dialog).getByRole("button", { name: "Annuleren" })).toHaveProperty(
      "ownerDocument.activeElement",
      within(dialog).getByRole("button", { name: "Annuleren" }),
    );
  });

  it("stays open with neither button acting while pending, then shows the error inside", async () => {
    let answered = false;
    server().on("DELETE /api/thing/1", () => {
      answered = true;
      return { status: 409, body: { error: { code: 17, message: "Cannot delete" } }, delayMs: 300 };
    });
    const user = userEvent.setup();
    renderIntl(<DeleteRow />);
    await user.click(screen.getByRole("button", { name: "Delete thing" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    await waitFor(() => expect(confirm.getAttribute("aria-busy")).toBe("true"));
    // Pressed again it sends nothing, and focus stays on it (SubmitButton).
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(confirm);
    expect(within(dialog).getByRole("button", { name: "Annuleren" })).toHaveProperty(
      "disabled",
      true,
    );
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBe(dialog);

    const alert = await within(dialog).findByRole("alert");
    expect(answered).toBe(true);
    expect(alert.textContent).toBe(messagesOf.nl.errors.codes["17"]);
    expect(confirm.hasAttribute("aria-disabled")).toBe(false);
    expect(confirm.hasAttribute("aria-busy")).toBe(false);
  });

  it("returns focus to the button that opened it when cancelled", async () => {
    const user = userEvent.setup();
    renderIntl(<DeleteRow />);
    const opener = screen.getByRole("button", { name: "Delete thing" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Annuleren" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("returns focus to the element it is given once the action succeeded", async () => {
    server().on("DELETE /api/thing/1", { status: 200, body: {} });
    const user = userEvent.setup();
    renderIntl(<DeleteRow focusHeadingAfter />);
    await user.click(screen.getByRole("button", { name: "Delete thing" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Things" })),
    );
  });
});
