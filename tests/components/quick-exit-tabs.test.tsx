import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QuickExitControl } from "@/components/public/quick-exit-control";
import { SurveyDone } from "@/components/survey/survey-done";
import { renderIntl } from "../support/render-intl";

// An address that answers nothing: the page is left, where it lands does not matter here.
const NEUTRAL = "http://127.0.0.1:9/neutral";

function beforeUnloadAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

let otherTab: BroadcastChannel;
beforeEach(() => {
  document.documentElement.style.visibility = "";
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

  // The quick exit marks the page as leaving for good, so this file asks first, then leaves.
  it("asks before the tab is reloaded or closed, but never holds up the quick exit", () => {
    const view = renderIntl(
      <>
        <QuickExitControl url={NEUTRAL} label="Quick exit" hint="Leave now" />
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
    renderIntl(<QuickExitControl url={NEUTRAL} label="Quick exit" hint="Leave now" />, "en");
    sessionStorage.setItem("kept", "answers");
    otherTab.postMessage("leave");
    await waitFor(() => expect(document.documentElement.style.visibility).toBe("hidden"));
    expect(sessionStorage.length).toBe(0);
  });

  it("tells the other tabs when it is pressed here", async () => {
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    renderIntl(<QuickExitControl url={NEUTRAL} label="Quick exit" hint="Leave now" />, "en");
    act(() => screen.getByRole("link", { name: "Quick exit" }).click());
    await waitFor(() => expect(heard).toEqual(["leave"]));
  });
});
