import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { definedUtilities as utilities } from "../support/css-utilities";
import { BackLink } from "@/components/ui/back-link";
import { ReadMoreLink } from "@/components/ui/read-more-link";

describe("BackLink", () => {
  it("links back with a hidden arrow before its text, in the caller's look", () => {
    render(
      <BackLink href="/news" className="btn-secondary">
        Terug naar het nieuws
      </BackLink>,
    );
    const link = screen.getByRole("link", { name: "Terug naar het nieuws" });
    expect(link.getAttribute("href")).toBe("/news");
    expect(link.className).toBe("btn-secondary");
    const arrow = link.firstElementChild!;
    expect(arrow.tagName.toLowerCase()).toBe("svg");
    expect(arrow.getAttribute("aria-hidden")).toBe("true");
    expect([arrow.getAttribute("width"), arrow.getAttribute("height")]).toEqual(["16", "16"]);
    for (const name of arrow.classList) expect(utilities, name).toContain(name);
  });

  it("points its arrow the other way from a card's read-more arrow", () => {
    render(
      <>
        <BackLink href="/research" className="btn-secondary">
          Terug
        </BackLink>
        <ReadMoreLink href="/study/1">Verder</ReadMoreLink>
      </>,
    );
    const back = screen.getByRole("link", { name: "Terug" }).querySelector("path");
    const more = screen.getByRole("link", { name: "Verder" }).querySelector("path");
    expect(back?.getAttribute("d")).toMatch(/^M19 12H5/);
    expect(more?.getAttribute("d")).toMatch(/^M5 12h14/);
  });
});
