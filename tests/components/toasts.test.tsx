import { act, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SurveyDone } from "@/components/survey/survey-done";
import { Toasts } from "@/components/ui/toasts";
import { messagesOf, renderIntl } from "../support/render-intl";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => {
    toast.dismiss();
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

/** Moves the clock on by `ms` and lets React render what the timers changed (the toaster
 * shows a new toast on the next tick). */
function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("toasts", () => {
  it("stay 5 seconds when the screen sets no duration", () => {
    render(<Toasts />);
    act(() => {
      toast.success("Gebruiker bijgewerkt");
    });
    wait(0);
    expect(screen.getByText("Gebruiker bijgewerkt")).toBeTruthy();

    wait(4900);
    expect(screen.queryByText("Gebruiker bijgewerkt")).not.toBeNull();

    wait(600);
    expect(screen.queryByText("Gebruiker bijgewerkt")).toBeNull();
  });

  it("'token copied' stays 4 seconds", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, "clipboard", "get").mockReturnValue({
      writeText,
    } as unknown as Clipboard);
    renderIntl(
      <>
        <SurveyDone token="ABCD-1234" />
        <Toasts />
      </>,
    );
    const copied = messagesOf.nl.survey.done.copied;
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: messagesOf.nl.survey.done.copy }));
    });
    wait(0);
    expect(writeText).toHaveBeenCalledWith("ABCD-1234");
    expect(screen.getByText(copied)).toBeTruthy();

    wait(3900);
    expect(screen.queryByText(copied)).not.toBeNull();

    wait(600);
    expect(screen.queryByText(copied)).toBeNull();
  });
});
