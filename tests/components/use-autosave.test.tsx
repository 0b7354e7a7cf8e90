import { act, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { useAutosave, type Autosave } from "@/components/data/use-autosave";
import { SaveStatus } from "@/components/ui/save-status";
import { apiOrThrow } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { type Reply } from "../support/api-test-server";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let autosave: Autosave<string>;

function Probe({ path, delayMs = 60 }: { path: string; delayMs?: number }) {
  const hook = useAutosave<string>({
    save: (text, { keepalive }) => apiOrThrow(path, { method: "PUT", body: { text }, keepalive }),
    delayMs,
    retryDelayMs: 40,
  });
  useEffect(() => {
    autosave = hook;
  });
  return <SaveStatus state={hook.state} errorMessage={hook.errorMessage} />;
}

const sent = (path: string) =>
  server()
    .requests.filter((r) => r.path === path)
    .map((r) => (r.body as { text: string }).text);
const status = () => screen.getByRole("status").textContent;
const nl = messagesOf.nl.autosave;

/**
 * A route that answers from a script, one reply per request, and records overlap. A reply with
 * `until` is held until that promise settles.
 */
function scripted(path: string, replies: (Reply & { until?: Promise<void> })[]) {
  const state = { running: 0, maxRunning: 0, times: [] as number[] };
  let i = 0;
  server().on(`PUT ${path}`, async () => {
    state.times.push(Date.now());
    state.running += 1;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    const { until, ...reply } = replies[Math.min(i++, replies.length - 1)];
    await until;
    await sleep(reply.delayMs ?? 0);
    state.running -= 1;
    return { ...reply, delayMs: 0 };
  });
  return state;
}

describe("useAutosave", () => {
  it("saves once after the pause in typing, with the last value", async () => {
    scripted("/api/debounce", [{ status: 200, body: {} }]);
    renderIntl(<Probe path="/api/debounce" />);
    expect(status()).toBe(nl.saved);
    // The pause is counted on a controlled clock: on a busy machine real sleeps of 30 and 40 ms
    // can each take longer than the 60 ms pause and let an earlier value go out.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => autosave.change("a"));
      act(() => autosave.change("ab"));
      expect(status()).toBe(nl.unsaved);
      act(() => vi.advanceTimersByTime(30));
      act(() => autosave.change("abc"));
      act(() => vi.advanceTimersByTime(40));
      // 70 ms after the first edit but only 40 after the last: nothing sent yet.
      expect(status()).toBe(nl.unsaved);
      expect(sent("/api/debounce")).toEqual([]);
      act(() => vi.advanceTimersByTime(20));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(status()).toBe(nl.saved));
    expect(sent("/api/debounce")).toEqual(["abc"]);
  });

  it("coalesces edits made during a save: never two at once, the last value wins", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const route = scripted("/api/coalesce", [
      { status: 200, body: {}, until: released },
      { status: 200, body: {} },
    ]);
    renderIntl(<Probe path="/api/coalesce" delayMs={10} />);
    act(() => autosave.change("one"));
    // The server holds the first save until released: both later edits happen while it runs,
    // however slowly this machine goes. Their pauses pass on a controlled clock.
    await waitFor(() => expect(sent("/api/coalesce")).toEqual(["one"]));
    expect(status()).toBe(nl.saving);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      act(() => autosave.change("two"));
      act(() => vi.advanceTimersByTime(30));
      act(() => autosave.change("three"));
      act(() => vi.advanceTimersByTime(30));
    } finally {
      vi.useRealTimers();
    }
    expect(sent("/api/coalesce")).toEqual(["one"]);
    release();
    await waitFor(() => expect(sent("/api/coalesce")).toEqual(["one", "three"]));
    await waitFor(() => expect(status()).toBe(nl.saved));
    expect(route.maxRunning).toBe(1);
  });

  it("retries a 500 with backoff and then saves the newest value", async () => {
    scripted("/api/flaky", [
      { status: 500, body: { error: { code: ErrorCode.UNKNOWN, message: "boom" } } },
      { status: 503 },
      { status: 200, body: {} },
    ]);
    renderIntl(<Probe path="/api/flaky" delayMs={10} />);
    act(() => autosave.change("first"));
    await waitFor(() => expect(status()).toContain(nl.retrying));
    act(() => autosave.change("second"));
    await waitFor(() => expect(status()).toBe(nl.saved), { timeout: 3000 });
    const bodies = sent("/api/flaky");
    expect(bodies[0]).toBe("first");
    expect(bodies.at(-1)).toBe("second");
    expect(bodies.length).toBe(3);
  });

  it("waits for Retry-After on a 429", async () => {
    const route = scripted("/api/busy", [
      {
        status: 429,
        headers: { "retry-after": "1" },
        body: { error: { code: ErrorCode.RATE_LIMITED, message: "Too many" } },
      },
      { status: 200, body: {} },
    ]);
    renderIntl(<Probe path="/api/busy" delayMs={10} />);
    act(() => autosave.change("x"));
    await waitFor(() => expect(status()).toBe(nl.saved), { timeout: 3000 });
    expect(route.times).toHaveLength(2);
    expect(route.times[1] - route.times[0]).toBeGreaterThanOrEqual(950);
  });

  it("stops on a 400, shows the translated reason and keeps the value for the next try", async () => {
    scripted("/api/refused", [
      { status: 400, body: { error: { code: ErrorCode.INVALID_INPUT, message: "Invalid input" } } },
      { status: 200, body: {} },
    ]);
    renderIntl(<Probe path="/api/refused" delayMs={10} />);
    act(() => autosave.change("too long"));
    await waitFor(() => expect(status()).toBe(`${nl.error}: ${messagesOf.nl.errors.codes["22"]}`));
    await sleep(200);
    expect(sent("/api/refused")).toEqual(["too long"]);
    // Still unsaved, so leaving the page is questioned.
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    // The value was kept: flush sends it again.
    await act(() => autosave.flush());
    expect(sent("/api/refused")).toEqual(["too long", "too long"]);
    expect(status()).toBe(nl.saved);
  });

  it("says there is no connection when a save gets no answer, and keeps retrying", async () => {
    // Nothing listens on port 9: the request fails without any answer, as when offline.
    renderIntl(<Probe path="http://127.0.0.1:9/api/offline" />);
    act(() => autosave.change("typed offline"));
    await waitFor(() => expect(status()).toBe(`${nl.retrying}: ${nl.noConnection}`));
    expect(status()).not.toContain(messagesOf.nl.errors.unknown);
  });

  it("flush sends at once and resolves only when the save answered; rejects when it fails", async () => {
    scripted("/api/flush", [
      { status: 200, body: {}, delayMs: 100 },
      { status: 403, body: { error: { code: ErrorCode.ADMIN_REQUIRED, message: "admin" } } },
    ]);
    renderIntl(<Probe path="/api/flush" delayMs={5000} />);
    act(() => autosave.change("now"));
    let done = false;
    const flushed = autosave.flush().then(() => {
      done = true;
    });
    // Sent without waiting for the 5 s pause; the server holds its answer for 100 ms.
    await waitFor(() => expect(sent("/api/flush")).toEqual(["now"]), { timeout: 1000 });
    expect(done).toBe(false);
    await act(() => flushed);
    expect(done).toBe(true);
    expect(status()).toBe(nl.saved);

    act(() => autosave.change("later"));
    await expect(autosave.flush()).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(status()).toBe(`${nl.error}: ${messagesOf.nl.errors.codes["8"]}`));
    expect(sent("/api/flush")).toEqual(["now", "later"]);
  });

  it("asks before unload only while something is unsaved", async () => {
    scripted("/api/unload", [{ status: 200, body: {} }]);
    renderIntl(<Probe path="/api/unload" delayMs={20} />);
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    act(() => autosave.change("draft"));
    expect(leave()).toBe(true);
    await waitFor(() => expect(status()).toBe(nl.saved));
    // The listener goes in an effect that runs just after the render showing "saved".
    await waitFor(() => expect(leave()).toBe(false));
  });

  it("discard forgets a refused value: nothing is sent for it, not even on unmount", async () => {
    scripted("/api/discard", [
      { status: 409, body: { error: { code: ErrorCode.CHANGED_ELSEWHERE, message: "stale" } } },
    ]);
    const view = renderIntl(<Probe path="/api/discard" delayMs={10} />);
    act(() => autosave.change("mine"));
    await waitFor(() => expect(status()).toBe(`${nl.error}: ${messagesOf.nl.errors.codes["27"]}`));
    act(() => autosave.discard());
    expect(status()).toBe(nl.saved);
    await expect(autosave.flush()).resolves.toBeUndefined();
    view.unmount();
    await sleep(50);
    expect(sent("/api/discard")).toEqual(["mine"]);
  });

  it("discard during a save: that value is not sent again when the save fails", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    scripted("/api/discard-in-flight", [
      { status: 503, body: { error: { code: ErrorCode.UNKNOWN, message: "away" } }, until: held },
      { status: 200, body: {} },
    ]);
    renderIntl(<Probe path="/api/discard-in-flight" delayMs={10} />);
    act(() => autosave.change("dropped"));
    await waitFor(() => expect(sent("/api/discard-in-flight")).toEqual(["dropped"]));
    // "Load the newer survey" while it is on its way: the value is given up.
    act(() => autosave.discard());
    release();
    await sleep(200);
    expect(sent("/api/discard-in-flight")).toEqual(["dropped"]);
    await waitFor(() => expect(autosave.state).toBe("saved"));
  });
});
