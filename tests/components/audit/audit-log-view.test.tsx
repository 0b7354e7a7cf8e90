import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it, vi } from "vitest";
import { AuditLogView } from "@/components/admin/audit/audit-log-view";
import { Toasts } from "@/components/ui/toasts";
import { AUDIT_ACTIONS, auditActionSpecs } from "@/lib/audit/actions.shared";
import type { AuditEntryDto, AuditLogPage } from "@/lib/audit/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const nl = messagesOf.nl.audit;
const HEAD = "ab".repeat(32);

const server = setUpApiTestServer();

function entry(id: number, o: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id,
    at: 1_767_000_000 + id * 60,
    actor: { id: 7, email: "ada@example.org" },
    action: "study_created",
    target_type: "study",
    target_id: 100 + id,
    details: {},
    ...o,
  };
}

function page(items: AuditEntryDto[], meta: Partial<AuditLogPage["meta"]> = {}): AuditLogPage {
  return {
    items,
    meta: { total_items: items.length, total_pages: 1, page: 1, per_page: 25, ...meta },
    head: HEAD,
  };
}

function serve(log: AuditLogPage | ((query: URLSearchParams) => AuditLogPage)) {
  server().on("GET /api/audit_log", (req) => ({
    status: 200,
    body: typeof log === "function" ? log(new URL(req.path, server().origin).searchParams) : log,
  }));
  server().on("GET /api/staff", {
    status: 200,
    body: {
      items: [
        { id: 7, email: "ada@example.org" },
        { id: 8, email: "bo@example.org" },
      ],
    },
  });
}

/** The audit_log requests' queries, without paging. */
function listQueries(): string[] {
  return server()
    .requests.filter((r) => r.path.startsWith("/api/audit_log"))
    .map((r) => {
      const q = new URL(r.path, server().origin).searchParams;
      q.delete("per_page");
      return q.toString();
    });
}

function rowTexts(): string[][] {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent ?? ""),
    );
}

describe("the audit screen", () => {
  it("shows each row in words, newest first, with the chain's head", async () => {
    serve(
      page([
        entry(3, {
          action: "study_status_changed",
          details: { from: "not_started", to: "open" },
        }),
        entry(2, {
          actor: null,
          action: "sign_in_failed",
          target_type: null,
          target_id: null,
          details: { step: "password" },
        }),
        entry(1, {
          action: "message_sent",
          target_type: "panel_message",
          target_id: 4,
          details: { recipients: 1 },
        }),
      ]),
    );
    renderIntl(<AuditLogView />);
    await screen.findByRole("table", { name: nl.tableCaption });
    const rows = rowTexts();
    expect(rows.map((r) => r.slice(1))).toEqual([
      [
        "ada@example.org",
        "Status van onderzoek gewijzigd",
        "onderzoek #103",
        "van ‘niet gestart’ naar ‘open’",
      ],
      ["onbekend", "Inloggen mislukt", "", "verkeerd wachtwoord of onbekend adres"],
      ["ada@example.org", "Bericht verstuurd", "bericht #4", "aan 1 panellid"],
    ]);
    expect(screen.getByText("3 regels")).toBeTruthy();
    expect(screen.getAllByText(HEAD, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText(`npm run audit:verify -- --expect ${HEAD}`)).toBeTruthy();
  });

  it("in English too", async () => {
    serve(page([entry(1, { action: "responses_exported", details: { format: "csv" } })]));
    renderIntl(<AuditLogView />, "en");
    await screen.findByRole("table");
    expect(rowTexts()[0].slice(1)).toEqual([
      "ada@example.org",
      "Responses downloaded",
      "study #101",
      "as CSV",
    ]);
  });

  it("asks again with each filter, from the start of the first day to the end of the last", async () => {
    serve(page([entry(1)]));
    const user = userEvent.setup();
    renderIntl(<AuditLogView />);
    await screen.findByRole("table");
    await user.selectOptions(screen.getByLabelText(nl.filters.action), "study_deleted");
    await user.selectOptions(screen.getByLabelText(nl.filters.person), "bo@example.org");
    fireEvent.change(screen.getByLabelText(nl.filters.from), { target: { value: "2026-03-02" } });
    fireEvent.change(screen.getByLabelText(nl.filters.to), { target: { value: "2026-03-03" } });
    const from = Math.floor(new Date("2026-03-02T00:00:00").getTime() / 1000);
    const to = Math.floor(new Date("2026-03-03T23:59:59").getTime() / 1000);
    await waitFor(() =>
      expect(listQueries().at(-1)).toBe(
        `action=study_deleted&actor_id=8&from=${from}&to=${to}&page=1`,
      ),
    );
    await user.click(screen.getByRole("button", { name: nl.filters.clear }));
    await waitFor(() => expect(listQueries().at(-1)).toBe("page=1"));
    expect((screen.getByLabelText(nl.filters.action) as HTMLSelectElement).value).toBe("");
  });

  it("names a reversed date range and does not apply it, while the other filters apply", async () => {
    serve(page([entry(1)]));
    renderIntl(<AuditLogView />);
    await screen.findByRole("table");
    fireEvent.change(screen.getByLabelText(nl.filters.from), { target: { value: "2026-03-05" } });
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(nl.filters.to), { target: { value: "2026-03-01" } });
    const to = screen.getByLabelText(nl.filters.to);
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(nl.filters.toBeforeFrom)).toBeTruthy();
    const from = Math.floor(new Date("2026-03-05T00:00:00").getTime() / 1000);
    // The action applies at once, with the dates as last applied (and so does the CSV link).
    fireEvent.change(screen.getByLabelText(nl.filters.action), { target: { value: "sign_in" } });
    await waitFor(() => expect(listQueries()).toHaveLength(3));
    expect(listQueries()[2]).toBe(`action=sign_in&from=${from}&page=1`);
    // Put right, the range applies too.
    fireEvent.change(to, { target: { value: "2026-03-06" } });
    const end = Math.floor(new Date("2026-03-06T23:59:59").getTime() / 1000);
    await waitFor(() => expect(listQueries()).toHaveLength(4));
    expect(listQueries()[3]).toBe(`action=sign_in&from=${from}&to=${end}&page=1`);
    expect(to.getAttribute("aria-invalid")).toBeNull();
  });

  it("filters in browsers without URLSearchParams.size (Safari before 17)", async () => {
    serve(page([entry(1)]));
    const size = vi
      .spyOn(URLSearchParams.prototype, "size", "get")
      .mockReturnValue(undefined as unknown as number);
    try {
      renderIntl(<AuditLogView />);
      await screen.findByRole("table");
      fireEvent.change(screen.getByLabelText(nl.filters.action), { target: { value: "sign_in" } });
      await waitFor(() => expect(listQueries().at(-1)).toBe("action=sign_in&page=1"));
    } finally {
      size.mockRestore();
    }
  });

  it("narrows to a person from their row, also one who is no longer on staff", async () => {
    serve(page([entry(1, { actor: { id: 99, email: "gone@example.org" } })]));
    const user = userEvent.setup();
    renderIntl(<AuditLogView />);
    await user.click(await screen.findByRole("button", { name: "Alleen gone@example.org tonen" }));
    await waitFor(() => expect(listQueries().at(-1)).toBe("actor_id=99&page=1"));
    const person = screen.getByLabelText(nl.filters.person) as HTMLSelectElement;
    expect(person.value).toBe("99");
    expect(person.selectedOptions[0].textContent).toBe("gone@example.org");
  });

  it("pages, keeping the filters, and starts at page one again when they change", async () => {
    serve((q) =>
      page([entry(Number(q.get("page")) === 2 ? 1 : 2)], {
        page: Number(q.get("page")),
        total_pages: 2,
        total_items: 26,
      }),
    );
    const user = userEvent.setup();
    renderIntl(<AuditLogView />);
    await screen.findByText("Pagina 1 van 2");
    await user.selectOptions(screen.getByLabelText(nl.filters.action), "sign_in");
    await user.click(screen.getByRole("button", { name: nl.pagination.next }));
    await screen.findByText("Pagina 2 van 2");
    expect(listQueries().at(-1)).toBe("action=sign_in&page=2");
    await user.selectOptions(screen.getByLabelText(nl.filters.action), "sign_out_everywhere");
    await waitFor(() => expect(listQueries().at(-1)).toBe("action=sign_out_everywhere&page=1"));
  });

  it("says when nothing matches, and when the log cannot be loaded", async () => {
    serve(page([]));
    const { unmount } = renderIntl(<AuditLogView />);
    expect(await screen.findByText(nl.empty)).toBeTruthy();
    unmount();
    server().on("GET /api/audit_log", { status: 500, body: { error: { code: 13, message: "x" } } });
    renderIntl(<AuditLogView />);
    expect(await screen.findByRole("button", { name: nl.retry })).toBeTruthy();
  });

  it("downloads the CSV through the browser, streamed, after a one-row check with the filters", async () => {
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    try {
      serve(page([entry(1)]));
      renderIntl(<AuditLogView />);
      await screen.findByRole("table");
      fireEvent.change(screen.getByLabelText(nl.filters.action), {
        target: { value: "study_created" },
      });
      await waitFor(() => expect(listQueries().at(-1)).toContain("action=study_created"));
      server().requests.length = 0;
      fireEvent.click(screen.getByRole("button", { name: nl.download }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      const file = new URL(clicked[0]!).searchParams;
      expect(file.get("format")).toBe("csv");
      expect(file.get("action")).toBe("study_created");
      const checks = server().requests.map((r) => new URL(r.path, server().origin).searchParams);
      expect(checks).toHaveLength(1);
      expect(checks[0]!.get("per_page")).toBe("1");
      expect(checks[0]!.get("action")).toBe("study_created");
      expect(checks[0]!.has("format")).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it("tells a refused download and downloads nothing", async () => {
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    try {
      serve(page([entry(1)]));
      renderIntl(
        <>
          <AuditLogView />
          <Toasts />
        </>,
      );
      await screen.findByRole("table");
      server().on("GET /api/audit_log", {
        status: 403,
        body: { error: { code: 8, message: "Admin required" } },
      });
      fireEvent.click(screen.getByRole("button", { name: nl.download }));
      expect(await screen.findByText(nl.downloadFailed)).toBeTruthy();
      expect(clicked).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("has no axe violations, filters and table shown", async () => {
    serve(
      page(
        [
          entry(2, {
            action: "sign_in",
            target_type: "staff",
            target_id: 7,
            details: { two_factor: true },
          }),
          entry(1),
        ],
        { total_pages: 2 },
      ),
    );
    renderIntl(
      <main>
        <AuditLogView />
      </main>,
    );
    await screen.findByRole("table");
    const results = await axe.run(
      { include: [["body"]] },
      {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
        rules: { "color-contrast": { enabled: false } },
      },
    );
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe("the audit screen's texts", () => {
  it("name every action and word the details of every action that has some, in both languages", () => {
    for (const locale of ["nl", "en"] as const) {
      const texts = messagesOf[locale].audit;
      for (const action of AUDIT_ACTIONS) {
        expect(texts.actions, `${locale} ${action}`).toHaveProperty(action);
        const fields = Object.keys(auditActionSpecs[action].details.shape);
        if (fields.length > 0) expect(texts.details, `${locale} ${action}`).toHaveProperty(action);
      }
    }
  });
});
