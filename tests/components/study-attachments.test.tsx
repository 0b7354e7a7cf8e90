import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudyAttachments } from "@/components/public/study-attachments";
import { messagesOf, renderIntl } from "../support/render-intl";

const items = [
  { id: 7, original_filename: "Informatiebrief.pdf", file_size: 1536, uploaded_at: 1_700_000_000 },
  { id: 9, original_filename: "Toestemming.pdf", file_size: 2 * 1024 * 1024, uploaded_at: 1 },
];

describe("the study's PDFs on the public study page", () => {
  it("lists each PDF with its size, a view link in a new window and a download link", () => {
    renderIntl(<StudyAttachments studyId={3} attachments={items} />, "nl");
    const t = messagesOf.nl.studies.study;
    expect(screen.getByRole("heading", { name: t.documents })).toBeTruthy();
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

  it("shows nothing for a study without PDFs", () => {
    const view = renderIntl(<StudyAttachments studyId={4} attachments={[]} />, "en");
    expect(view.container.innerHTML).toBe("");
  });
});
