import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "@/components/ui/dialog";
import { renderIntl } from "../support/render-intl";

/**
 * A screen whose button the dialog's work replaces (as "Make admin" becomes "Remove admin role",
 * or "Enable" goes once two-factor is on): the element to return focus to is gone on close.
 */
function Screen({ disableOpener = false }: { disableOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <main>
      <h1>Account</h1>
      {done && !disableOpener ? (
        <p>Done</p>
      ) : (
        <button type="button" disabled={done} onClick={() => setOpen(true)}>
          Enable
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Enable it" description="Sure?">
        <button
          type="button"
          onClick={() => {
            setDone(true);
            setOpen(false);
          }}
        >
          Confirm
        </button>
      </Dialog>
    </main>
  );
}

describe("a dialog whose opener is gone when it closes", () => {
  it("moves focus to the page's main heading, not to the page's body", async () => {
    const u = userEvent.setup();
    renderIntl(<Screen />);
    await u.click(screen.getByRole("button", { name: "Enable" }));
    await u.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const heading = screen.getByRole("heading", { level: 1, name: "Account" });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it("moves focus to the heading when the opener is still there but disabled by what it did", async () => {
    const u = userEvent.setup();
    renderIntl(<Screen disableOpener />);
    await u.click(screen.getByRole("button", { name: "Enable" }));
    await u.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Enable" })).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Account" }));
  });
});
