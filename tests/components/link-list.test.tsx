import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LinkList } from "@/components/ui/link-list";

const links = [
  { href: "/", label: "Home" },
  { href: "/news", label: "Nieuws" },
];

describe("LinkList", () => {
  it("lists one link an item, in the given order and look", () => {
    render(<LinkList links={links} className="flex gap-1" linkClassName="rounded px-3" />);
    const list = screen.getByRole("list");
    expect(list.className).toBe("flex gap-1");
    const found = screen.getAllByRole("link");
    expect(found.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Nieuws", "/news"],
    ]);
    expect(found.every((link) => link.className === "rounded px-3")).toBe(true);
  });

  it("tells when a link is followed, e.g. to close a menu", async () => {
    const onNavigate = vi.fn();
    render(<LinkList links={links} className="" linkClassName="" onNavigate={onNavigate} />);
    const news = screen.getByRole("link", { name: "Nieuws" });
    news.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(news);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});
