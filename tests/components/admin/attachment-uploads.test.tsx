import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AttachmentsSection } from "@/components/admin/studies/attachments-section";
import { useAttachmentUploads } from "@/components/admin/studies/use-attachment-uploads";
import { Toasts } from "@/components/ui/toasts";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const server = setUpApiTestServer();

const t = messagesOf.nl.admin.studies.attachments;

function Uploader({ files }: { files: File[] }) {
  const uploads = useAttachmentUploads(7, "/api/study/7/attachments");
  return (
    <>
      <button type="button" onClick={() => void uploads.uploadAll(files)}>
        Upload
      </button>
      <ul>
        {uploads.uploads.map((u) => (
          <li key={u.key}>{u.error ? `${u.name}: ${u.error}` : u.name}</li>
        ))}
      </ul>
    </>
  );
}

/** A study's pane that can be left (another study chosen) while its uploads go on. */
function Screen({ files }: { files: File[] }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown ? <Uploader files={files} /> : null}
      <button type="button" onClick={() => setShown(false)}>
        Leave
      </button>
      <Toasts />
    </>
  );
}

describe("uploads that go on after the study's pane is left", () => {
  it("say a failure in a toast, since the pane's list is gone", async () => {
    server().on("POST /api/study/7/attachments", {
      status: 201,
      body: { id: 1, original_filename: "brief.pdf", file_size: 8, uploaded_at: 1 },
      delayMs: 300,
    });
    const files = [
      new File(["%PDF-1.4"], "brief.pdf", { type: "application/pdf" }),
      new File(["hello"], "notities.txt", { type: "text/plain" }),
    ];
    const u = userEvent.setup();
    renderIntl(<Screen files={files} />);
    await u.click(screen.getByRole("button", { name: "Upload" }));
    await u.click(screen.getByRole("button", { name: "Leave" }));
    expect(
      await screen.findByText(
        t.notUploaded.replace("{name}", "notities.txt").replace("{message}", t.onlyPdf),
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
  });

  it("keep a failure in the list while the pane is there", async () => {
    const u = userEvent.setup();
    renderIntl(<Screen files={[new File(["hello"], "notities.txt")]} />);
    await u.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(`notities.txt: ${t.onlyPdf}`)).toBeTruthy();
  });
});

describe("a study's attachments", () => {
  it("lists a file stored after its study was opened again, in the pane open then", async () => {
    server().on("GET /api/study/7/attachments", { status: 200, body: { items: [] } });
    server().on("POST /api/study/7/attachments", {
      status: 201,
      body: { id: 1, original_filename: "brief.pdf", file_size: 8, uploaded_at: 1 },
      delayMs: 300,
    });
    const u = userEvent.setup();
    // The upload started from a pane since left; the study's pane open now read its list first.
    renderIntl(
      <>
        <Screen files={[new File(["%PDF-1.4"], "brief.pdf", { type: "application/pdf" })]} />
        <AttachmentsSection studyId={7} />
      </>,
    );
    expect(await screen.findByText(t.none)).toBeTruthy();
    await u.click(screen.getByRole("button", { name: "Upload" }));
    await u.click(screen.getByRole("button", { name: "Leave" }));
    const table = await screen.findByRole("table", {}, { timeout: 3000 });
    expect(within(table).getByText("brief.pdf")).toBeTruthy();
  });

  it("moves focus to the upload button when a refused file's notice is closed", async () => {
    server().on("GET /api/study/7/attachments", { status: 200, body: { items: [] } });
    const { container } = renderIntl(<AttachmentsSection studyId={7} />);
    expect(await screen.findByText(t.none)).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["hello"], "notities.txt")] } });
    const close = await screen.findByRole("button", { name: /notities\.txt/ });
    close.focus();
    fireEvent.click(close);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: t.upload })),
    );
  });

  it("offers to read a list that could not be loaded again", async () => {
    server().on("GET /api/study/7/attachments", {
      status: 503,
      body: { error: { code: 13, message: "Database unavailable" } },
    });
    const u = userEvent.setup();
    renderIntl(<AttachmentsSection studyId={7} />);
    expect(await screen.findByText(t.loadFailed)).toBeTruthy();
    server().on("GET /api/study/7/attachments", { status: 200, body: { items: [] } });
    await u.click(screen.getByRole("button", { name: t.retry }));
    expect(await screen.findByText(t.none)).toBeTruthy();
    expect(screen.queryByText(t.loadFailed)).toBeNull();
  });
});
