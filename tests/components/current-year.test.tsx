import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CurrentYear } from "@/components/public/current-year";

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** Renders as the build did on `builtAt`, then hydrates in a browser whose clock says `viewedAt`. */
async function prerenderedThenViewed(builtAt: string, viewedAt: string): Promise<HTMLElement> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(builtAt));
  const builtYear = new Date().getFullYear();
  const container = document.createElement("p");
  container.innerHTML = renderToString(<CurrentYear builtYear={builtYear} />);
  document.body.append(container);
  vi.setSystemTime(new Date(viewedAt));
  await act(async () => {
    hydrateRoot(container, <CurrentYear builtYear={builtYear} />);
  });
  return container;
}

describe("CurrentYear", () => {
  it("shows the year the page was built in its HTML, for a browser without scripts", () => {
    expect(renderToString(<CurrentYear builtYear={2025} />)).toContain("2025");
  });

  it("shows the year of viewing once a page prerendered last December has loaded", async () => {
    const year = await prerenderedThenViewed("2025-12-20T12:00:00Z", "2026-01-03T12:00:00Z");
    expect(year.textContent).toBe("2026");
  });

  it("keeps the year when it has not changed", async () => {
    const year = await prerenderedThenViewed("2026-03-01T12:00:00Z", "2026-11-28T12:00:00Z");
    expect(year.textContent).toBe("2026");
  });
});
