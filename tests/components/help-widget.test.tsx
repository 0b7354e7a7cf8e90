import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HelpWidgetPanel, type HelpWidgetLabels } from "@/components/public/help-widget-panel";
import type { HelpLine } from "@/config/help-line.shared";

const help: HelpLine = {
  phone: { href: "tel:+31800000000", display: "0800 0000" },
  chatUrl: "https://chat.example.org/",
  websiteUrl: "https://www.example.org/",
};
const labels: HelpWidgetLabels = {
  region: "Help",
  toggle: "Need help?",
  title: "Talk to someone",
  intro: "Free and anonymous.",
  close: "Close help",
  phone: "Call free and anonymously",
  chat: "Chat anonymously",
  website: "The centre's website",
};
const widget = <HelpWidgetPanel help={help} labels={labels} />;

function parts() {
  const toggle = screen.getByText("Need help?").closest("summary")!;
  const details = toggle.closest("details")!;
  return { toggle, details };
}

/** What the browser does when the panel opens: set `open`, then tell the page. */
function opens(details: HTMLDetailsElement) {
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
  });
}

/**
 * A press of the button: mouse, keyboard and screen readers all click the summary, and the
 * browser opens the panel (the test DOM may or may not do that part itself).
 */
function open(details: HTMLDetailsElement) {
  fireEvent.click(details.querySelector("summary")!);
  opens(details);
}

/** The widget after a search field, somewhere else on the page focus can be. */
function renderBesideSearch(): HTMLElement {
  render(
    <>
      <input aria-label="Search" />
      {widget}
    </>,
  );
  return screen.getByRole("textbox", { name: "Search" });
}

describe("the help widget", () => {
  it("is a closed native disclosure in the server's HTML, with every way to reach help but no close button", () => {
    const html = renderToString(widget);
    const page = new DOMParser().parseFromString(html, "text/html");
    const details = page.querySelector("aside details")!;
    expect(details).not.toBeNull();
    expect(details.hasAttribute("open")).toBe(false);
    expect(details.firstElementChild?.tagName).toBe("SUMMARY");
    expect(details.querySelector("summary")!.textContent).toBe("Need help?");
    const links = [...details.querySelectorAll("section a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual([help.phone!.href, help.chatUrl, help.websiteUrl]);
    // Without the page's scripts the close button would do nothing, so it is not there yet.
    expect(details.querySelector("button")).toBeNull();
  });

  it("moves focus to the heading when opened, and Escape closes it and returns focus", () => {
    render(widget);
    const { toggle, details } = parts();
    open(details);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Talk to someone" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it("closes by its close button, with focus back on the toggle", () => {
    render(widget);
    const { toggle, details } = parts();
    open(details);
    fireEvent.click(screen.getByRole("button", { name: "Close help" }));
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it("leaves focus alone when the browser opens it by itself (find-in-page)", () => {
    const search = renderBesideSearch();
    search.focus();
    opens(parts().details);
    expect(parts().details.open).toBe(true);
    expect(document.activeElement).toBe(search);
  });

  it("closes on Escape from elsewhere on the page without taking focus there", () => {
    const search = renderBesideSearch();
    const { details } = parts();
    open(details);
    search.focus();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(search);
  });

  it("ignores an Escape that ends an input method's composition", () => {
    render(widget);
    const { details } = parts();
    open(details);
    fireEvent.keyDown(document, { key: "Escape", isComposing: true });
    expect(details.open).toBe(true);
  });

  it("closes on a press elsewhere but not on a press inside", () => {
    render(
      <>
        <p>Elsewhere</p>
        {widget}
      </>,
    );
    const { details } = parts();
    open(details);
    fireEvent.pointerDown(screen.getByText("Free and anonymous."));
    expect(details.open).toBe(true);
    fireEvent.pointerDown(screen.getByText("Elsewhere"));
    expect(details.open).toBe(false);
  });

  it("leaves other keys and a closed panel alone", () => {
    render(widget);
    const { details } = parts();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(document.body);
    open(details);
    fireEvent.keyDown(document, { key: "Enter" });
    expect(details.open).toBe(true);
  });
});
