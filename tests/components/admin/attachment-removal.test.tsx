import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AttachmentsSection } from "@/components/admin/studies/attachments-section";
import { Toasts } from "@/components/ui/toasts";
import type { AttachmentList } from "@/lib/attachments/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.nl.admin.studies.attachments;

const server = setUpApiTestServer();

const list: AttachmentList = {
  items: [
    { id: 1, original_filename: "brief.pdf", file_size: 8, uploaded_at: 1_763_900_000 },
    { id: 2, original_filename: "folder.pdf", file_size: 8, uploaded_at: 1_763_900_000 },
  ],
};

async function removeBrief() {
  server().on("GET /api/study/7/attachments", { status: 200, body: list });
  renderIntl(
    <>
      <AttachmentsSection studyId={7} />
      <Toasts />
    </>,
  );
  fireEvent.click(
    await screen.findByRole("button", { name: t.removeName.replace("{name}", "brief.pdf") }),
  );
  const dialog = screen.getByRole("dialog", { name: t.removeTitle });
  fireEvent.click(within(dialog).getByRole("button", { name: t.removeConfirm }));
  return dialog;
}

describe("deleting an attachment", () => {
  it("that was deleted elsewhere meanwhile takes its row away and says so", async () => {
    server().on("DELETE /api/study/7/attachments/1", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    await removeBrief();
    expect(await screen.findByText(t.alreadyRemoved)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("brief.pdf")).toBeNull();
    expect(screen.getByText("folder.pdf")).toBeTruthy();
  });

  it("that fails keeps its row and says so in the dialog", async () => {
    server().on("DELETE /api/study/7/attachments/1", {
      status: 503,
      body: { error: { code: 13, message: "Service unavailable" } },
    });
    const dialog = await removeBrief();
    expect((await within(dialog).findByRole("alert")).textContent).toBe(t.removeFailed);
    expect(screen.getAllByText("brief.pdf").length).toBeGreaterThan(0);
  });
});

describe("a delete refused for a reason of its own", () => {
  it("says that reason in the dialog, not that the delete failed", async () => {
    server().on("DELETE /api/study/7/attachments/1", {
      status: 429,
      body: { error: { code: 23, message: "Too many requests" } },
    });
    const dialog = await removeBrief();
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      messagesOf.nl.errors.codes["23"],
    );
    expect(screen.getAllByText("brief.pdf").length).toBeGreaterThan(0);
  });
});
