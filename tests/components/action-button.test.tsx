import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Plus } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { ActionButton } from "@/components/ui/action-button";

describe("ActionButton", () => {
  it("is a plain button with its icon hidden from screen readers, acting on click", async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick("submitted")}>
        <ActionButton variant="ghost" icon={Plus} onClick={() => onClick("clicked")}>
          Stap toevoegen
        </ActionButton>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Stap toevoegen" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.classList.contains("btn-ghost")).toBe(true);
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    await userEvent.click(button);
    expect(onClick.mock.calls).toEqual([["clicked"]]);
  });

  it("is busy with the spinner in the icon's place while pending, and does not act", async () => {
    const onClick = vi.fn();
    render(
      <ActionButton icon={Plus} pending onClick={onClick}>
        Nieuw bericht
      </ActionButton>,
    );
    const button = screen.getByRole("button", { name: "Nieuw bericht" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelectorAll("svg")).toHaveLength(1);
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
  });
});
