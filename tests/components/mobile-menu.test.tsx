import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MobileMenu } from "@/components/public/mobile-menu";

const menu = (
  <MobileMenu
    links={[
      { href: "/", label: "Home" },
      { href: "/vision", label: "Visie" },
    ]}
    labels={{ open: "Menu openen", close: "Menu sluiten", nav: "Hoofdmenu" }}
  />
);

function detailsOf(link: HTMLElement) {
  return link.closest("details")!;
}

describe("the mobile menu", () => {
  it("is a closed native disclosure in the server's HTML, its links already there", () => {
    const page = new DOMParser().parseFromString(renderToString(menu), "text/html");
    const details = page.querySelector("details")!;
    expect(details.hasAttribute("open")).toBe(false);
    expect(details.firstElementChild?.tagName).toBe("SUMMARY");
    // Both labels are in the button; CSS shows the one that fits the open state.
    expect(details.querySelector("summary")!.textContent).toBe("Menu openenMenu sluiten");
    const links = [...details.querySelectorAll("nav a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/", "/vision"]);
  });

  it("closes on Escape with focus back on its button, and leaves a closed menu alone", () => {
    render(menu);
    const details = detailsOf(screen.getByRole("link", { name: "Visie", hidden: true }));
    fireEvent.keyDown(window, { key: "Escape" });
    expect(document.activeElement).toBe(document.body);
    details.open = true;
    details.querySelector("summary")!.focus();
    fireEvent.keyDown(window, { key: "Enter" });
    expect(details.open).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(details.querySelector("summary"));
  });

  it("closes on Escape from elsewhere on the page without taking focus there", () => {
    render(
      <>
        <input aria-label="Search" />
        {menu}
      </>,
    );
    const details = detailsOf(screen.getByRole("link", { name: "Visie", hidden: true }));
    details.open = true;
    const search = screen.getByRole("textbox", { name: "Search" });
    search.focus();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(search);
    details.open = true;
    fireEvent.keyDown(search, { key: "Escape", isComposing: true });
    expect(details.open).toBe(true);
  });

  it("closes when a link is followed, with focus back on its button, not the page's body", () => {
    render(menu);
    const link = screen.getByRole("link", { name: "Visie", hidden: true });
    const details = detailsOf(link);
    details.open = true;
    link.focus();
    link.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(link);
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(details.querySelector("summary"));
  });
});
