import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BackLink } from "@/components/ui/back-link";

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
    const arrow = link.firstElementChild;
    expect(arrow?.tagName.toLowerCase()).toBe("svg");
    expect(arrow?.getAttribute("aria-hidden")).toBe("true");
  });
});
