import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudyGrid } from "@/components/public/study-grid";
import type { StudyDto } from "@/lib/studies/schemas.shared";

function study(id: number, name: string): StudyDto {
  return {
    id,
    name,
    short_description: "<p>Een onderzoek over <strong>ingrijpen</strong></p>",
    description: "",
    status: "open",
    created_at: 1_763_900_000,
    survey_uuid: null,
    response_limit: null,
    closes_at: null,
  };
}

describe("a list of studies on /research, as the server renders it", () => {
  it("shows a card per study in the given order, each linking to its page", () => {
    render(
      <StudyGrid
        studies={[study(2, "Praten thuis"), study(1, "Omstanders")]}
        ongoing
        emptyText="geen open onderzoeken"
        readMore="lees meer"
      />,
    );
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Praten thuis",
      "Omstanders",
    ]);
    expect(cards.every((c) => c.dataset.ongoing === "true")).toBe(true);
    expect(within(cards[1]).getByRole("link").getAttribute("href")).toBe("/study/1");
    expect(within(cards[0]).getByText("ingrijpen").tagName).toBe("STRONG");
  });

  it("ranks headings in a short description below the card's title", () => {
    const withHeadings = {
      ...study(3, "Met kopjes"),
      short_description: "<h2>Waarom</h2><p>uitleg</p><h3>Hoe</h3>",
    };
    render(<StudyGrid studies={[withHeadings]} ongoing emptyText="" readMore="lees meer" />);
    const card = screen.getByRole("article");
    expect(
      within(card)
        .getAllByRole("heading")
        .map((h) => [h.tagName, h.textContent]),
    ).toEqual([
      ["H3", "Met kopjes"],
      ["H4", "Waarom"],
      ["H5", "Hoe"],
    ]);
  });

  it("marks finished cards as not ongoing, and says so when a list is empty", () => {
    const { unmount } = render(
      <StudyGrid studies={[study(3, "Bedreiging")]} ongoing={false} emptyText="x" readMore="r" />,
    );
    expect(screen.getByRole("article").dataset.ongoing).toBeUndefined();
    unmount();
    render(
      <StudyGrid
        studies={[]}
        ongoing={false}
        emptyText="geen afgeronde onderzoeken"
        readMore="r"
      />,
    );
    expect(screen.getByText("geen afgeronde onderzoeken")).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
  });
});
