import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { QuickExitLink } from "@/components/public/quick-exit-link";
import { SurveyDone } from "@/components/survey/survey-done";
import { resetLeaving, runQuickExitScript } from "../support/quick-exit";
import { renderIntl } from "../support/render-intl";

// An address that answers nothing: the page is left, where it lands does not matter here.
const NEUTRAL = "http://127.0.0.1:9/neutral";

function beforeUnloadAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const control = <QuickExitLink url={NEUTRAL} label="Quick exit" hint="Leave now" />;

let otherTab: BroadcastChannel;
beforeAll(runQuickExitScript);
beforeEach(() => {
  resetLeaving();
  otherTab = new BroadcastChannel("quick-exit");
});
afterEach(() => otherTab.close());

describe("the token screen", () => {
  it("stops asking once it is gone", () => {
    const view = renderIntl(<SurveyDone token="abcdefghijklmnopqrstuvwxyz234567" />, "en");
    expect(beforeUnloadAsks()).toBe(true);
    view.unmount();
    expect(beforeUnloadAsks()).toBe(false);
  });

  it("keeps the token out of the tab's storage", () => {
    sessionStorage.clear();
    localStorage.clear();
    renderIntl(<SurveyDone token="abcdefghijklmnopqrstuvwxyz234567" />, "en");
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it("asks before the tab is reloaded or closed, but never holds up the quick exit", () => {
    const view = renderIntl(
      <>
        {control}
        <SurveyDone token="abcdefghijklmnopqrstuvwxyz234567" />
      </>,
      "en",
    );
    expect(beforeUnloadAsks()).toBe(true);
    act(() => screen.getByRole("link", { name: "Quick exit" }).click());
    expect(beforeUnloadAsks()).toBe(false);
    view.unmount();
  });
});

describe("the quick exit across the site's tabs", () => {
  it("leaves this tab too when another tab of the site leaves", async () => {
    render(control);
    sessionStorage.setItem("kept", "answers");
    otherTab.postMessage("leave");
    await waitFor(() => expect(document.documentElement.style.visibility).toBe("hidden"));
    expect(sessionStorage.length).toBe(0);
  });

  it("tells the other tabs when it is pressed here", async () => {
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    render(control);
    act(() => screen.getByRole("link", { name: "Quick exit" }).click());
    await waitFor(() => expect(heard).toEqual(["leave"]));
  });
});

describe("the quick exit's own script", () => {
  const leaving = () => document.documentElement.hasAttribute("data-leaving");
  const escape = () =>
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });

  it("leaves from a click anywhere on the control, its icon included, and from nowhere else", () => {
    const view = render(
      <>
        {control}
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() => screen.getByRole("button", { name: "Elsewhere" }).click());
    expect(leaving()).toBe(false);
    act(() => {
      view.container
        .querySelector("a[data-quick-exit] svg")!
        .dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    expect(leaving()).toBe(true);
  });

  it("leaves on Escape pressed twice within 1.5 s, not once or twice further apart", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      render(control);
      escape();
      vi.advanceTimersByTime(1600);
      escape();
      expect(leaving()).toBe(false);
      vi.advanceTimersByTime(1400);
      escape();
      expect(leaving()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does nothing on a page without the control (the staff portal's)", async () => {
    render(<button type="button">Save the study</button>);
    sessionStorage.setItem("draft", "kept");
    escape();
    escape();
    otherTab.postMessage("leave");
    // The message is delivered like the one the first test of this file waits for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leaving()).toBe(false);
    expect(sessionStorage.getItem("draft")).toBe("kept");
  });
});
