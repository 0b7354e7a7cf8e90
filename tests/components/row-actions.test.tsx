import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Download, Mail, Trash2 } from "lucide-react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RowActions, type RowAction } from "@/components/ui/row-actions";
import { renderIntl } from "../support/render-intl";

const EMAIL = "jan@example.org";

function renderRow(
  actions: (RowAction | false)[],
  options: { display?: "icons" | "labels"; busy?: boolean } = {},
) {
  return renderIntl(
    <table>
      <tbody>
        <tr>
          <td>{EMAIL}</td>
          <td>
            <RowActions
              rowName={EMAIL}
              actions={actions}
              display={options.display ?? "labels"}
              busy={options.busy}
            />
          </td>
        </tr>
      </tbody>
    </table>,
  );
}

describe("RowActions", () => {
  it("names the group and every button after the row", () => {
    renderRow([
      { label: "Opnieuw sturen", icon: Mail, onClick: () => {} },
      { label: "Verwijderen", name: `${EMAIL} verwijderen`, icon: Trash2, onClick: () => {} },
    ]);
    const group = screen.getByRole("group", { name: `Acties voor ${EMAIL}` });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual([
      `Opnieuw sturen: ${EMAIL}`,
      `${EMAIL} verwijderen`,
    ]);
    // Labelled buttons show their label, and the accessible name begins with it.
    expect(buttons[0].textContent).toBe("Opnieuw sturen");
    expect(buttons[0].getAttribute("title")).toBeNull();
  });

  it("speaks the reader's language", () => {
    renderIntl(
      <RowActions
        rowName={EMAIL}
        display="labels"
        actions={[{ label: "Resend", icon: Mail, onClick: () => {} }]}
      />,
      "en",
    );
    const group = screen.getByRole("group", { name: `Actions for ${EMAIL}` });
    expect(within(group).getByRole("button", { name: `Resend: ${EMAIL}` })).toBeTruthy();
  });

  it("shows only icons, with the label as a tooltip, when asked to", () => {
    renderRow([{ label: "Verwijderen", icon: Trash2, tone: "danger", onClick: () => {} }], {
      display: "icons",
    });
    const button = screen.getByRole("button", { name: `Verwijderen: ${EMAIL}` });
    expect(button.textContent).toBe("");
    expect(button.getAttribute("title")).toBe("Verwijderen");
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(button.className).toContain("text-accent-700");
  });

  it("leaves out actions given as false, and keeps the order of the rest", () => {
    renderRow([
      { label: "Eerste", icon: Mail, onClick: () => {} },
      false,
      { label: "Derde", icon: Trash2, onClick: () => {} },
    ]);
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Eerste", "Derde"]);
  });

  it("is used from the keyboard: Tab reaches each action in order, Enter and Space run it", async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    renderRow([
      { label: "Eerste", icon: Mail, onClick: first },
      { label: "Tweede", icon: Trash2, onClick: second },
    ]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Eerste/ }));
    await user.keyboard("{Enter}");
    expect(first).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Tweede/ }));
    await user.keyboard(" ");
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("hands the clicked button to the handler, so focus can return to it", async () => {
    const user = userEvent.setup();
    let target: EventTarget | null = null;
    renderRow([
      { label: "Opnieuw sturen", icon: Mail, onClick: (e) => (target = e.currentTarget) },
    ]);
    const button = screen.getByRole("button");
    await user.click(button);
    expect(target).toBe(button);
  });

  it("disables one action, or holds all of them while busy, and neither runs", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { unmount } = renderRow([
      { label: "Opnieuw sturen", icon: Mail, onClick, disabled: true },
      { label: "Verwijderen", icon: Trash2, onClick: () => {} },
    ]);
    const [resend, remove] = screen.getAllByRole("button") as HTMLButtonElement[];
    expect([resend.disabled, remove.disabled]).toEqual([true, false]);
    await user.click(resend);
    expect(onClick).not.toHaveBeenCalled();
    unmount();

    renderRow(
      [
        { label: "Opnieuw sturen", icon: Mail, onClick },
        { label: "Verwijderen", icon: Trash2, onClick },
      ],
      { busy: true },
    );
    const buttons = screen.getAllByRole("button") as HTMLButtonElement[];
    // Busy, not disabled: the button pressed keeps focus.
    expect(buttons.map((b) => [b.disabled, b.getAttribute("aria-disabled")])).toEqual([
      [false, "true"],
      [false, "true"],
    ]);
    buttons[0].focus();
    await user.click(buttons[0]);
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(buttons[0]);
  });

  it("keeps the same button, and focus, when an action with an id changes its label", async () => {
    const user = userEvent.setup();
    function Toggle() {
      const [admin, setAdmin] = useState(true);
      return (
        <RowActions
          rowName={EMAIL}
          display="labels"
          actions={[
            {
              id: "role",
              label: admin ? "Adminrol afnemen" : "Admin maken",
              icon: Mail,
              onClick: () => setAdmin((a) => !a),
            },
          ]}
        />
      );
    }
    renderIntl(<Toggle />);
    const before = screen.getByRole("button");
    await user.click(before);
    const after = screen.getByRole("button", { name: `Admin maken: ${EMAIL}` });
    expect(after).toBe(before);
    expect(document.activeElement).toBe(after);
  });

  it("renders links: one opening a new tab safely, one downloading under a file name", () => {
    renderRow(
      [
        { label: "bekijken", name: "info.pdf bekijken", icon: Mail, href: "/a/1", newTab: true },
        {
          label: "downloaden",
          name: "info.pdf downloaden",
          icon: Download,
          href: "/a/1?download=1",
          download: "info.pdf",
        },
      ],
      { display: "icons" },
    );
    const view = screen.getByRole("link", { name: "info.pdf bekijken" });
    expect(view.getAttribute("href")).toBe("/a/1");
    expect(view.getAttribute("target")).toBe("_blank");
    expect(view.getAttribute("rel")).toBe("noopener noreferrer");
    expect(view.hasAttribute("download")).toBe(false);
    const download = screen.getByRole("link", { name: "info.pdf downloaden" });
    expect(download.getAttribute("download")).toBe("info.pdf");
    expect(download.hasAttribute("target")).toBe(false);
  });
});
