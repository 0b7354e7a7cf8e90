import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { definedUtilities as utilities } from "../support/css-utilities";
import { ReadMoreLink } from "@/components/ui/read-more-link";

describe("ReadMoreLink", () => {
  it("links with its own words and a hidden arrow after them, styled by defined utilities", () => {
    render(<ReadMoreLink href="/news/news-bystanders">Lees meer over omstanders</ReadMoreLink>);
    const link = screen.getByRole("link", { name: "Lees meer over omstanders" });
    expect(link.getAttribute("href")).toBe("/news/news-bystanders");
    const arrow = link.lastElementChild!;
    expect(arrow.tagName.toLowerCase()).toBe("svg");
    expect(arrow.getAttribute("aria-hidden")).toBe("true");
    // Sized in its markup too, so it stays an arrow if the stylesheet does not load.
    expect([arrow.getAttribute("width"), arrow.getAttribute("height")]).toEqual(["16", "16"]);
    for (const name of [...link.classList, ...arrow.classList]) {
      expect(utilities, name).toContain(name);
    }
  });
});
