import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SelectList } from "@/components/ui/select-list";

const items = [
  { id: 1, name: "Eerste" },
  { id: 2, name: "Tweede" },
];

function Picker() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <SelectList
      items={items}
      selectedId={selected}
      onSelect={setSelected}
      aria-label="Lijst"
      className="space-y-2"
      buttonClassName={(on) => (on ? "chosen" : "plain")}
      itemData={(item) => ({ "data-item-id": item.id })}
    >
      {(item) => <span>{item.name}</span>}
    </SelectList>
  );
}

describe("SelectList", () => {
  it("selects an item on click, another on the next, and none on a second click", async () => {
    render(<Picker />);
    expect(screen.getByRole("list", { name: "Lijst" }).className).toBe("space-y-2");
    const first = screen.getByRole("button", { name: "Eerste" });
    const second = screen.getByRole("button", { name: "Tweede" });
    expect(first.getAttribute("type")).toBe("button");
    expect(first.getAttribute("aria-pressed")).toBe("false");
    expect(first.getAttribute("data-item-id")).toBe("1");

    await userEvent.click(first);
    expect(first.getAttribute("aria-pressed")).toBe("true");
    expect(first.className).toBe("chosen");
    expect(second.className).toBe("plain");

    await userEvent.click(second);
    expect(first.getAttribute("aria-pressed")).toBe("false");
    expect(second.getAttribute("aria-pressed")).toBe("true");

    await userEvent.click(second);
    expect(second.getAttribute("aria-pressed")).toBe("false");
  });
});
