import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import { StudiesView } from "@/components/admin/studies/studies-view";
import { StudyClosing } from "@/components/admin/studies/study-closing";
import { StudyDetail } from "@/components/admin/studies/study-detail";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { admin } from "../../support/communication";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { studyDto } from "../../support/study-dto";

const en = messagesOf.en.admin.studies;
const nl = messagesOf.nl.admin.studies;

const server = setUpApiTestServer();

const puts = () => server().requests.filter((r) => r.method === "PUT");

/** Answers a PUT with the study as it would be stored. */
function acceptPut(base: StudyDto) {
  server().on("PUT /api/study/7", (req) => ({
    status: 200,
    body: { ...base, ...(req.body as object) },
  }));
}

describe("the study's response limit and end date", () => {
  it("saves a limit and an Amsterdam date and time as unix seconds, and says the zone", async () => {
    const user = userEvent.setup();
    const study = studyDto();
    acceptPut(study);
    let saved: StudyDto | null = null;
    renderIntl(<StudyClosing study={study} onSaved={(s) => (saved = s)} />, "en");
    const closesAt = screen.getByLabelText(en.closing.closesAt);
    expect(closesAt.getAttribute("type")).toBe("datetime-local");
    expect(screen.getByText(/Europe\/Amsterdam/)).toBeTruthy();
    expect(screen.getByText("12 responses")).toBeTruthy();

    await user.type(screen.getByLabelText(en.closing.limit), "50");
    // 5 December 2026, 17:00 in Amsterdam is 16:00 UTC (winter time).
    fireEvent.change(closesAt, { target: { value: "2026-12-05T17:00" } });
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({
      response_limit: 50,
      closes_at: Date.UTC(2026, 11, 5, 16, 0) / 1000,
    });
    await waitFor(() => expect(saved?.response_limit).toBe(50));
  });

  it("sends only the field changed, so an end date saved elsewhere meanwhile is kept", async () => {
    const user = userEvent.setup();
    const study = studyDto({ response_limit: 20, closes_at: null });
    acceptPut(study);
    renderIntl(<StudyClosing study={study} onSaved={() => {}} />, "en");
    const limit = screen.getByLabelText(en.closing.limit);
    await user.clear(limit);
    await user.type(limit, "50");
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ response_limit: 50 });
  });

  it("shows a stored end date on Amsterdam's clocks and clears both when emptied", async () => {
    const user = userEvent.setup();
    // 1 July 2026, 10:30 UTC is 12:30 in Amsterdam (summer time).
    const study = studyDto({ response_limit: 50, closes_at: Date.UTC(2026, 6, 1, 10, 30) / 1000 });
    acceptPut(study);
    renderIntl(<StudyClosing study={study} onSaved={() => {}} />, "nl");
    const limit = screen.getByLabelText(nl.closing.limit) as HTMLInputElement;
    const closesAt = screen.getByLabelText(nl.closing.closesAt) as HTMLInputElement;
    expect(limit.value).toBe("50");
    expect(closesAt.value).toBe("2026-07-01T12:30");
    expect(screen.getByText(/12 \/ 50 reacties/)).toBeTruthy();

    await user.clear(limit);
    fireEvent.change(closesAt, { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: nl.closing.save }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ response_limit: null, closes_at: null });
  });

  it("refuses a limit below 1 or not whole at the field, without asking the server", async () => {
    const user = userEvent.setup();
    renderIntl(<StudyClosing study={studyDto()} onSaved={() => {}} />, "en");
    const limit = screen.getByLabelText(en.closing.limit);
    for (const value of ["0", "2.5"]) {
      await user.clear(limit);
      await user.type(limit, value);
      await user.click(screen.getByRole("button", { name: en.closing.save }));
      expect(await screen.findByText(en.closing.limitInvalid)).toBeTruthy();
      expect(limit.getAttribute("aria-invalid")).toBe("true");
    }
    expect(puts()).toEqual([]);
  });

  it("puts the server's refusal on its field", async () => {
    const user = userEvent.setup();
    server().on("PUT /api/study/7", {
      status: 400,
      body: {
        error: {
          code: ErrorCode.INVALID_INPUT,
          message: "Invalid input",
          fields: { closes_at: "The closing time is a time in unix seconds" },
        },
      },
    });
    renderIntl(<StudyClosing study={studyDto()} onSaved={() => {}} />, "en");
    const closesAt = screen.getByLabelText(en.closing.closesAt);
    fireEvent.change(closesAt, { target: { value: "2026-12-05T17:00" } });
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    await waitFor(() => expect(closesAt.getAttribute("aria-invalid")).toBe("true"));
    expect(puts()).toHaveLength(1);
  });
});

describe("opening a study the server refuses to open", () => {
  function renderDetail(study: StudyDto) {
    server().on("GET /api/study/7/attachments", { status: 200, body: { items: [] } });
    server().on("PUT /api/study/7", {
      status: 400,
      body: {
        error: {
          code: ErrorCode.INVALID_INPUT,
          message: "Invalid input",
          fields: { status: "The response limit is reached" },
        },
      },
    });
    renderIntl(
      <StaffUserProvider initial={admin}>
        <StudyDetail
          study={study}
          onChange={() => {}}
          onDeleted={() => {}}
          onDuplicate={async () => {}}
          registerFlush={() => {}}
        />
      </StaffUserProvider>,
      "en",
    );
    return screen.getByLabelText(en.statusLabel);
  }

  it("says at the status field that the limit is reached, at once, with the focus kept there", async () => {
    const select = renderDetail(
      studyDto({ status: "finished", response_limit: 12, response_count: 12 }),
    );
    select.focus();
    fireEvent.change(select, { target: { value: "open" } });
    // While the change is saved the field is busy, not disabled (which would drop the focus),
    // and a second change meanwhile is not sent.
    expect(select.getAttribute("aria-busy")).toBe("true");
    expect((select as HTMLSelectElement).disabled).toBe(false);
    fireEvent.change(select, { target: { value: "invisible" } });
    const refusal = await screen.findByText(en.openBlockedLimit);
    expect(refusal.closest("[aria-live=assertive]")).not.toBeNull();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(select);
    expect(puts().map((p) => p.body)).toEqual([{ status: "open" }]);
  });

  it("takes the refusal away once the limit is saved, the reason being gone", async () => {
    const user = userEvent.setup();
    const study = studyDto({ status: "finished", response_limit: 12, response_count: 12 });
    const select = renderDetail(study);
    fireEvent.change(select, { target: { value: "open" } });
    await screen.findByText(en.openBlockedLimit);
    acceptPut(study);
    const limit = screen.getByLabelText(en.closing.limit);
    await user.clear(limit);
    await user.type(limit, "20");
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    await waitFor(() => expect(screen.queryByText(en.openBlockedLimit)).toBeNull());
    expect(select.getAttribute("aria-invalid")).toBeNull();
  });

  it("keeps the refusal when the limit form is saved unchanged, the reason being still there", async () => {
    const user = userEvent.setup();
    const study = studyDto({ status: "finished", response_limit: 12, response_count: 12 });
    const select = renderDetail(study);
    fireEvent.change(select, { target: { value: "open" } });
    await screen.findByText(en.openBlockedLimit);
    acceptPut(study);
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText(en.openBlockedLimit)).toBeTruthy();
    expect(select.getAttribute("aria-invalid")).toBe("true");
  });

  it("says at the status field that the end date has passed", async () => {
    const select = renderDetail(studyDto({ status: "finished", closes_at: 1_700_000_000 }));
    fireEvent.change(select, { target: { value: "open" } });
    expect(await screen.findByText(en.openBlockedClosed)).toBeTruthy();
  });
});

describe("the staff study list", () => {
  it("shows each study's responses, with the limit when it has one", async () => {
    server().on("GET /api/study", {
      status: 200,
      body: {
        items: [
          studyDto(),
          studyDto({ id: 8, name: "Thuis", response_limit: 50, response_count: 3 }),
        ],
      },
    });
    renderIntl(
      <StaffUserProvider initial={admin}>
        <StudiesView />
      </StaffUserProvider>,
      "en",
    );
    const list = await screen.findByRole("navigation", { name: en.listLabel });
    await within(list).findByText("12 responses");
    expect(within(list).getByText("3 / 50 responses")).toBeTruthy();
  });
});

describe("input the browser could not read", () => {
  /** The field as a browser leaves it after unreadable typing: no value, and `badInput`. */
  function typeUnreadable(input: HTMLElement) {
    fireEvent.change(input, { target: { value: "" } });
    Object.defineProperty(input, "validity", {
      configurable: true,
      get: () => ({ badInput: true, valid: false }),
    });
  }

  it("is refused at its field and clears nothing, for the limit and for the end date", async () => {
    const user = userEvent.setup();
    const study = studyDto({ response_limit: 50, closes_at: Date.UTC(2026, 11, 5, 16, 0) / 1000 });
    acceptPut(study);
    renderIntl(<StudyClosing study={study} onSaved={() => {}} />, "en");
    const limit = screen.getByLabelText(en.closing.limit);
    const closesAt = screen.getByLabelText(en.closing.closesAt);

    // Letters in the number field ("50x" in some browsers): its value reads as "".
    typeUnreadable(limit);
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    expect(await screen.findByText(en.closing.limitInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(limit);
    // An hour cleared from the end date: the same.
    typeUnreadable(closesAt);
    await user.click(screen.getByRole("button", { name: en.closing.save }));
    expect(await screen.findByText(en.closing.dateTimeInvalid)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});
