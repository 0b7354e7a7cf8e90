import { fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DownloadResponsesButton } from "@/components/admin/studies/download-responses-button";
import { Toasts } from "@/components/ui/toasts";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.nl.admin.studies;

const server = setUpApiTestServer();

/** The links the page clicked, as the browser would follow them: address and download name. */
let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  toast.dismiss();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderButton() {
  renderIntl(
    <>
      <DownloadResponsesButton studyId={4} />
      <Toasts />
    </>,
  );
  return screen.getByRole("button", { name: t.downloadResponses });
}

describe("download responses", () => {
  it("asks the cheap check, then lets the browser download the export itself", async () => {
    server().on("GET /api/study/4/responses/export", { status: 204 });
    fireEvent.click(renderButton());
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({
      href: `${server().origin}/api/study/4/responses/export`,
      download: "responses.xlsx",
    });
    // The page itself fetched only the check, never the file.
    expect(server().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/study/4/responses/export?check=1",
    ]);
    expect(screen.queryByText(t.downloadFailed)).toBeNull();
  });

  it("a refused check shows 'Failed to download study responses' and downloads nothing", async () => {
    server().on("GET /api/study/4/responses/export", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    fireEvent.click(renderButton());
    expect(await screen.findByText(t.downloadFailed)).toBeTruthy();
    expect(clicked).toEqual([]);
  });

  it("keeps focus on the button while the check is on its way, and ignores a second press", async () => {
    server().on("GET /api/study/4/responses/export", { status: 204, delayMs: 200 });
    const button = renderButton();
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("true"));
    // A disabled button would lose focus in a browser; this one says it is busy and stays.
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(server().requests).toHaveLength(1);
  });
});
