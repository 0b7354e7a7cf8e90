import { screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { StudyAttachments } from "@/components/public/study-attachments";
import { startApiTestServer, type ApiTestServer } from "../support/api-test-server";
import { browseTo, messagesOf, renderIntl } from "../support/render-intl";

let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiTestServer();
});
afterAll(() => server.close());
beforeEach(() => browseTo(server.origin));

const items = [
  { id: 7, original_filename: "Informatiebrief.pdf", file_size: 1536, uploaded_at: 1_700_000_000 },
  { id: 9, original_filename: "Toestemming.pdf", file_size: 2 * 1024 * 1024, uploaded_at: 1 },
];

describe("the study's PDFs on the public study page", () => {
  it("lists each PDF with its size, a view link in a new window and a download link", async () => {
    server.on("GET /api/study/3/attachments", { status: 200, body: { items } });
    renderIntl(<StudyAttachments studyId={3} />, "nl");
    const t = messagesOf.nl.studies.study;
    expect(await screen.findByRole("heading", { name: t.documents })).toBeTruthy();
    const view = screen.getByRole("link", {
      name: "Informatiebrief.pdf bekijken (opent in een nieuw venster)",
    });
    expect(view.getAttribute("href")).toBe("/api/study/3/attachments/7");
    expect(view.getAttribute("target")).toBe("_blank");
    expect(view.getAttribute("rel")).toContain("noopener");
    const download = screen.getByRole("link", { name: "Toestemming.pdf downloaden" });
    expect(download.getAttribute("href")).toBe("/api/study/3/attachments/9?download=1");
    expect(download.getAttribute("download")).toBe("Toestemming.pdf");
    expect(screen.getByText("1,5 KB")).toBeTruthy();
    expect(screen.getByText("2 MB")).toBeTruthy();
  });

  it("shows nothing for a study without PDFs", async () => {
    server.on("GET /api/study/4/attachments", { status: 200, body: { items: [] } });
    const view = renderIntl(<StudyAttachments studyId={4} />, "en");
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === "/api/study/4/attachments")).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.innerHTML).toBe("");
  });

  it("only logs a failure to load them, as the spec has it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server.on("GET /api/study/5/attachments", {
      status: 500,
      body: { error: { code: 13, message: "An unknown error occurred" } },
    });
    const view = renderIntl(<StudyAttachments studyId={5} />, "en");
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith("loading attachments failed", expect.anything()),
    );
    expect(view.container.innerHTML).toBe("");
    logged.mockRestore();
  });
});
