import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TitledSection } from "@/components/ui/titled-section";

describe("TitledSection", () => {
  it("is a region named by its h2, with the default heading look", () => {
    render(
      <TitledSection titleId="head" title="Laatste hash" className="space-y-2">
        <p>Noteer hem ergens anders.</p>
      </TitledSection>,
    );
    const region = screen.getByRole("region", { name: "Laatste hash" });
    expect(region.tagName.toLowerCase()).toBe("section");
    expect(region.className).toBe("space-y-2");
    const heading = screen.getByRole("heading", { level: 2, name: "Laatste hash" });
    expect(heading.id).toBe("head");
    expect(heading.className).toBe("text-lg font-semibold text-primary-800");
    expect(region.textContent).toContain("Noteer hem ergens anders.");
  });

  it("can be an aside with an h3 and its own heading look", () => {
    render(
      <TitledSection
        as="aside"
        level={3}
        titleId="help"
        title="Hulp"
        titleClassName="font-semibold"
      >
        <p>Bel ons.</p>
      </TitledSection>,
    );
    const aside = screen.getByRole("complementary", { name: "Hulp" });
    expect(aside.getAttribute("aria-labelledby")).toBe("help");
    const heading = screen.getByRole("heading", { level: 3, name: "Hulp" });
    expect(heading.className).toBe("font-semibold");
  });
});
