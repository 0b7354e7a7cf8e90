import { fireEvent, screen, waitFor } from "@testing-library/react";
import Link from "next/link";
import { describe, expect, it, vi } from "vitest";
import { SurveyDone } from "@/components/survey/survey-done";
import { RELOADS_ATTRIBUTE } from "@/components/ui/reloads-attribute";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.survey.done;
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

/** The token screen beside a link elsewhere on the site (the header's, say), whose use is logged. */
function renderWithSiteLink() {
  const followed: string[] = [];
  renderIntl(
    <>
      <Link
        href="/nieuws"
        onClick={(event) => {
          // The page stays: only whether the link went ahead matters here.
          event.preventDefault();
          followed.push("/nieuws");
        }}
      >
        News
      </Link>
      <SurveyDone token={TOKEN} />
    </>,
    "en",
  );
  return followed;
}

describe("the Back button on the token screen", () => {
  it("is not held where the browser cannot say Back leads somewhere (no Navigation API)", () => {
    // An added entry there would outlast the quick exit, which replaces only the entry it
    // leaves from: Back from the neutral site would bring this page back.
    expect("navigation" in window).toBe(false);
    const pushed = vi.spyOn(window.history, "pushState");
    try {
      renderIntl(<SurveyDone token={TOKEN} />, "en");
      expect(pushed).not.toHaveBeenCalled();
    } finally {
      pushed.mockRestore();
    }
  });
});

describe("leaving the token screen through a link", () => {
  it("asks first, and staying keeps the token on screen", async () => {
    const followed = renderWithSiteLink();
    fireEvent.click(screen.getByRole("link", { name: "News" }));
    const dialog = await screen.findByRole("dialog", { name: t.leaveTitle });
    expect(dialog.textContent).toContain(t.leaveText);
    fireEvent.click(screen.getByRole("button", { name: t.stay }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(followed).toEqual([]);
    expect(screen.getByDisplayValue(TOKEN)).toBeTruthy();
  });

  it("follows the link once the participant says to leave", async () => {
    const followed = renderWithSiteLink();
    fireEvent.click(screen.getByRole("link", { name: "News" }));
    await screen.findByRole("dialog", { name: t.leaveTitle });
    fireEvent.click(screen.getByRole("button", { name: t.leave }));
    await waitFor(() => expect(followed).toEqual(["/nieuws"]));
  });

  it("lets links that do not leave through: this page's own, and the language switch", async () => {
    renderIntl(
      <>
        <a href="#main">Skip to content</a>
        <Link
          href="/en/survey/x"
          {...{ [RELOADS_ATTRIBUTE]: "" }}
          onClick={(event) => event.preventDefault()}
        >
          en
        </Link>
        <SurveyDone token={TOKEN} />
      </>,
      "en",
    );
    fireEvent.click(screen.getByRole("link", { name: "Skip to content" }));
    // The language switch reloads the page, and the browser itself asks before that.
    fireEvent.click(screen.getByRole("link", { name: "en" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens /my-answers in a new tab, saying so, so the token stays here", () => {
    renderWithSiteLink();
    const link = screen.getByRole("link", { name: /\/my-answers/ });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(link.textContent).toContain(t.opensInNewTab);
  });
});
