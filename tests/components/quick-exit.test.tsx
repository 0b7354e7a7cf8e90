import { act, render, screen, waitFor } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isLeaving } from "@/components/public/leaving";
import { QuickExitLink } from "@/components/public/quick-exit-link";
import { QUICK_EXIT_CHANNEL, QUICK_EXIT_SELECTOR } from "@/lib/quick-exit/script.shared";
import { SurveyDone } from "@/components/survey/survey-done";
import { forgetEscapes, resetLeaving, runQuickExitScript } from "../support/quick-exit";
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
  // Before the other tab listens: forgetting leaves the page, and says so to the open tabs.
  forgetEscapes();
  otherTab = new BroadcastChannel(QUICK_EXIT_CHANNEL);
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
  const escape = (init: KeyboardEventInit = {}) =>
    act(() => {
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Escape", bubbles: true, ...init }),
      );
    });

  it("leaves from a click anywhere on the control, its icon included, and from nowhere else", () => {
    const view = render(
      <>
        {control}
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() => screen.getByRole("button", { name: "Elsewhere" }).click());
    expect(isLeaving()).toBe(false);
    let followed = true;
    act(() => {
      followed = view.container
        .querySelector(`${QUICK_EXIT_SELECTOR} svg`)!
        .dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    expect(isLeaving()).toBe(true);
    // The link itself is not followed: that would push a history entry beside the replacement.
    expect(followed).toBe(false);
  });

  it("leaves on a middle click of the control too, which would open it in another tab", () => {
    render(control);
    const press = (button: number) => {
      let followed = true;
      act(() => {
        followed = screen
          .getByRole("link", { name: "Quick exit" })
          .dispatchEvent(new MouseEvent("auxclick", { button, bubbles: true, cancelable: true }));
      });
      return followed;
    };
    // The right button opens the menu, as on any link.
    expect(press(2)).toBe(true);
    expect(isLeaving()).toBe(false);
    expect(press(1)).toBe(false);
    expect(isLeaving()).toBe(true);
  });

  it("leaves on Escape pressed twice within 1.5 s, not once or twice further apart", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      render(control);
      escape();
      vi.advanceTimersByTime(1600);
      escape();
      expect(isLeaving()).toBe(false);
      vi.advanceTimersByTime(1400);
      escape();
      expect(isLeaving()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves on the first Escape that comes within 1.5 s of the one before, for any rhythm", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      render(control);
      const gap = fc.oneof(fc.constantFrom(0, 1499, 1500, 1501), fc.integer({ min: 0, max: 4000 }));
      fc.assert(
        fc.property(fc.array(gap, { minLength: 1, maxLength: 8 }), (gaps) => {
          // What the rule says: the press that follows its predecessor by at most 1.5 s leaves.
          let last = -Infinity;
          let now = 0;
          const leavesAt = gaps.findIndex((g) => {
            now += g;
            const leaves = now - last <= 1500;
            last = now;
            return leaves;
          });
          resetLeaving();
          // Long enough after the previous run that its last press counts for nothing.
          vi.advanceTimersByTime(5000);
          for (const [i, g] of gaps.entries()) {
            vi.advanceTimersByTime(g);
            escape();
            expect(isLeaving(), `press ${i} of ${gaps.join(", ")}`).toBe(
              leavesAt !== -1 && i >= leavesAt,
            );
            if (isLeaving()) break;
          }
        }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts neither a held-down Escape nor one that cancels an input method's composition", () => {
    render(control);
    escape();
    escape({ repeat: true });
    escape({ isComposing: true });
    escape({ keyCode: 229 });
    expect(isLeaving()).toBe(false);
  });

  it("does nothing on a page without the control (the staff portal's)", async () => {
    render(<button type="button">Save the study</button>);
    sessionStorage.setItem("draft", "kept");
    escape();
    escape();
    const delivered = new Promise((resolve) => {
      const listener = new BroadcastChannel(QUICK_EXIT_CHANNEL);
      listener.onmessage = () => resolve(listener.close());
    });
    otherTab.postMessage("leave");
    await delivered;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isLeaving()).toBe(false);
    expect(sessionStorage.getItem("draft")).toBe("kept");
  });

  it("follows another tab's leaving once the control is parsed, when the page is still loading", async () => {
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    try {
      otherTab.postMessage("leave");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(isLeaving()).toBe(false);
      render(control);
      document.dispatchEvent(new Event("DOMContentLoaded"));
      expect(isLeaving()).toBe(true);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
  });
});
