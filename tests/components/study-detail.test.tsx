import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudyDetail } from "@/components/public/study-detail";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { messagesOf, renderIntl } from "../support/render-intl";

const t = messagesOf.nl.studies.study;
const errors = messagesOf.nl.errors;

function studyOf(status: StudyDto["status"]): StudyDto {
  return {
    id: 12,
    name: "Grenzen en gesprekken",
    short_description: "<p>Kort</p>",
    description: "<p>In dit onderzoek vragen we naar grenzen.</p>",
    status,
    created_at: 1_700_000_000,
    survey_uuid: "6f0c1f2e-8a57-4d43-9d6a-2f6d1c9e1a10",
    response_limit: null,
    closes_at: null,
  };
}

describe("the public study page's body, rendered on the server", () => {
  it("an open study: its name, the open notice, its text, its PDFs and the enroll link", () => {
    const attachments = [{ id: 4, original_filename: "Brief.pdf", file_size: 10, uploaded_at: 1 }];
    renderIntl(
      <StudyDetail content={{ study: studyOf("open"), attachments }} retryHref="/study/12" />,
      "nl",
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Grenzen en gesprekken");
    expect(screen.getByRole("status").textContent).toContain(t.open);
    expect(screen.getByText("In dit onderzoek vragen we naar grenzen.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: t.documents })).toBeTruthy();
    const enroll = screen.getByRole("link", { name: `${t.enroll} ${t.opensInNewWindow}` });
    expect(enroll.getAttribute("href")).toBe("/survey/6f0c1f2e-8a57-4d43-9d6a-2f6d1c9e1a10");
    expect(enroll.getAttribute("target")).toBe("_blank");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a finished study: the closed notice and no way to enroll", () => {
    const view = renderIntl(
      <StudyDetail content={{ study: studyOf("finished"), attachments: [] }} retryHref="/x" />,
      "nl",
    );
    expect(screen.getByRole("status").textContent).toContain(t.closed);
    expect(view.container.querySelector('a[href^="/survey/"]')).toBeNull();
    expect(screen.queryByRole("heading", { name: t.documents })).toBeNull();
  });

  it("not found: 'model not found' and nothing to try again", () => {
    renderIntl(
      <StudyDetail content={{ error: { code: ErrorCode.NOT_FOUND } }} retryHref="/study/9" />,
      "nl",
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(t.fallbackTitle);
    expect(screen.getByRole("alert").textContent).toContain(errors.codes["14"]);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("any other failure: its message and a link that loads the page again", () => {
    renderIntl(
      <StudyDetail content={{ error: { code: ErrorCode.UNKNOWN } }} retryHref="/study/9" />,
      "en",
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(messagesOf.en.errors.codes["13"]);
    const retry = within(document.body).getByRole("link", {
      name: messagesOf.en.studies.study.retry,
    });
    expect(retry.getAttribute("href")).toBe("/study/9");
  });
});
