import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { QuestionDialog } from "@/components/ui/question-dialog";
import { renderIntl } from "../support/render-intl";

function Asking({
  onConfirm,
  onSubmit,
  pending = false,
}: {
  onConfirm?: () => void;
  onSubmit?: () => void;
  pending?: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <QuestionDialog
      open={open}
      onOpenChange={setOpen}
      title="Verwijderen?"
      description="Dit kan niet ongedaan worden."
      confirmLabel="Verwijderen"
      tone="danger"
      pending={pending}
      error={pending ? null : "Mislukt"}
      actionsClassName="mt-6"
      onConfirm={onConfirm}
    >
      {(actions) =>
        onSubmit ? (
          <form
            method="post"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {actions}
          </form>
        ) : (
          actions
        )
      }
    </QuestionDialog>
  );
}

describe("QuestionDialog", () => {
  it("asks with Cancel first, no close button, the error inside; Cancel closes it", async () => {
    const onConfirm = vi.fn();
    renderIntl(<Asking onConfirm={onConfirm} />);
    const dialog = screen.getByRole("dialog", { name: "Verwijderen?" });
    expect(screen.queryByRole("button", { name: "Sluiten" })).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Mislukt");
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Annuleren", "Verwijderen"]);
    expect(buttons[0]!.parentElement!.className).toContain("mt-6");
    expect(buttons[1]!.getAttribute("type")).toBe("button");
    expect(buttons[1]!.className).toContain("btn-danger");

    await userEvent.click(buttons[1]!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(buttons[0]!);
    expect(dialog.isConnected).toBe(false);
  });

  it("submits the form it is laid out in when there is no onConfirm", async () => {
    const onSubmit = vi.fn();
    renderIntl(<Asking onSubmit={onSubmit} />);
    const confirm = screen.getByRole("button", { name: "Verwijderen" });
    expect(confirm.getAttribute("type")).toBe("submit");
    await userEvent.click(confirm);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("acts on neither button and stays open on Escape while pending", async () => {
    const onConfirm = vi.fn();
    renderIntl(<Asking onConfirm={onConfirm} pending />);
    expect(screen.getByRole("button", { name: "Annuleren" })).toHaveProperty("disabled", true);
    const confirm = screen.getByRole("button", { name: "Verwijderen" });
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Verwijderen?" })).toBeTruthy();
  });
});
