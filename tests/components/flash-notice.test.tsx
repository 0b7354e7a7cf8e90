import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FlashNotice, leaveFlashNotice } from "@/components/ui/flash-notice";

// The page the browser is on, as Next's router would say.
let currentPath = "/";
vi.mock("next/navigation", () => ({ usePathname: () => currentPath }));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const roots: Root[] = [];
afterEach(() => {
  currentPath = "/";
  for (const root of roots.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  sessionStorage.clear();
});

/** The frame as a static page's HTML has it (never a notice), then hydrated in this tab. */
async function pageWithFrame(path = "/"): Promise<HTMLElement> {
  currentPath = path;
  const container = document.createElement("main");
  container.innerHTML = renderToString(<FlashNotice />);
  expect(container.innerHTML).toBe("");
  document.body.append(container);
  await act(async () => {
    roots.push(hydrateRoot(container, <FlashNotice />));
  });
  return container;
}

describe("FlashNotice", () => {
  it("shows nothing on a visit without a notice", async () => {
    const page = await pageWithFrame();
    expect(page.innerHTML).toBe("");
  });

  it("shows the notice left before the move as a status, once: a reload does not repeat it", async () => {
    leaveFlashNotice("Your account has been deleted");
    const page = await pageWithFrame();
    const status = page.querySelector("[role=status]");
    expect(status?.textContent).toBe("Your account has been deleted");
    expect(sessionStorage.getItem("flash-notice")).toBeNull();
    // The next document (a reload) finds nothing in the storage.
    vi.resetModules();
    const reloaded = await import("@/components/ui/flash-notice");
    const container = document.createElement("main");
    document.body.append(container);
    await act(async () => {
      roots.push(hydrateRoot(container, <reloaded.FlashNotice />));
    });
    expect(container.innerHTML).toBe("");
  });

  it("shows markup in the text as text", async () => {
    leaveFlashNotice('<img src=x onerror="alert(1)">');
    const page = await pageWithFrame();
    expect(page.querySelector("img")).toBeNull();
    expect(page.querySelector("[role=status]")?.textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it("ignores a text longer than any notice of the app's", async () => {
    leaveFlashNotice("x".repeat(301));
    const page = await pageWithFrame();
    expect(page.innerHTML).toBe("");
  });

  it("carries nothing, and throws nothing, where the storage is full", async () => {
    const full = {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    };
    vi.spyOn(window, "sessionStorage", "get").mockReturnValue(full as unknown as Storage);
    expect(() => leaveFlashNotice("Your account has been deleted")).not.toThrow();
    const page = await pageWithFrame();
    expect(page.innerHTML).toBe("");
  });

  it("carries nothing, and throws nothing, where the storage is switched off", async () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    });
    expect(() => leaveFlashNotice("Your account has been deleted")).not.toThrow();
    const page = await pageWithFrame();
    expect(page.innerHTML).toBe("");
  });

  it("forgets the notice once the reader moves on within the same frame", async () => {
    leaveFlashNotice("Your account has been deleted");
    const page = await pageWithFrame("/");
    expect(page.textContent).toBe("Your account has been deleted");
    const [root] = roots;
    currentPath = "/research";
    await act(async () => root.render(<FlashNotice />));
    expect(page.innerHTML).toBe("");
    currentPath = "/";
    await act(async () => root.render(<FlashNotice />));
    expect(page.innerHTML).toBe("");
  });

  it("does not show it again in the next page's own frame (another layout, same document)", async () => {
    leaveFlashNotice("Your account has been deleted");
    const first = await pageWithFrame("/");
    expect(first.textContent).toBe("Your account has been deleted");
    // The English /research has a layout of its own: the first frame goes, a new one comes.
    act(() => roots.shift()!.unmount());
    const next = await pageWithFrame("/research");
    expect(next.innerHTML).toBe("");
    act(() => roots.shift()!.unmount());
    const back = await pageWithFrame("/");
    expect(back.innerHTML).toBe("");
  });
});
