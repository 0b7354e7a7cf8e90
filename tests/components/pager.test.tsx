import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pager } from "@/components/ui/pager";

const texts = { label: "Pages", previous: "Previous", next: "Next", status: "Page 1 of 3" };

function renderPager(props: { page: number; busy?: boolean }) {
  const asked: number[] = [];
  const view = render(<Pager pages={3} onPage={(p) => asked.push(p)} texts={texts} {...props} />);
  return { asked, view };
}

describe("Pager", () => {
  it("keeps a button that cannot be used focusable, marked and deaf to presses", () => {
    const { asked } = renderPager({ page: 1 });
    const previous = screen.getByRole("button", { name: "Previous" });
    expect(previous.hasAttribute("disabled")).toBe(false);
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(previous);
    expect(asked).toEqual([]);
  });

  it("keeps focus on the pressed button while the page loads, and ignores a second press", () => {
    const { asked, view } = renderPager({ page: 1 });
    const next = screen.getByRole("button", { name: "Next" });
    next.focus();
    fireEvent.click(next);
    expect(asked).toEqual([2]);
    view.rerender(<Pager page={1} pages={3} busy onPage={(p) => asked.push(p)} texts={texts} />);
    // A disabled button would lose focus in a browser; this one stays where it was pressed.
    expect(next.hasAttribute("disabled")).toBe(false);
    expect(next.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(asked).toEqual([2]);
    view.rerender(<Pager page={2} pages={3} onPage={(p) => asked.push(p)} texts={texts} />);
    expect(next.getAttribute("aria-disabled")).toBe("false");
    fireEvent.click(next);
    expect(asked).toEqual([2, 3]);
  });
});
