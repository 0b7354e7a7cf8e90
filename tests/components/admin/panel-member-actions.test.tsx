import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PanelMembersAdmin } from "@/components/admin/panel/panel-members-admin";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import type { PanelUserList } from "@/lib/panel/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { admin } from "../../support/communication";
import { messagesOf, renderIntl } from "../../support/render-intl";

const panel = messagesOf.nl.panel.admin;
const codes = messagesOf.nl.errors.codes;
const EMAIL = "lid@example.org";

const server = setUpApiTestServer();

function listOf(emails: string[]): PanelUserList {
  return {
    items: emails.map((email, i) => ({
      id: 5 + i,
      email,
      is_verified: false,
      created_at: 1_763_900_000,
      delivery_status: "ok",
      bounce_kind: null,
    })),
    meta: { total_items: emails.length, total_pages: 1, page: 1, per_page: 10 },
  };
}

function renderMembers() {
  return renderIntl(
    <StaffUserProvider initial={admin}>
      <PanelMembersAdmin />
    </StaffUserProvider>,
  );
}

const resendFor = (email: string) => panel.resendFor.replace("{email}", email);
const loadFailed = panel.loadFailed.replace(": {message}", "");
const sent = (path: string) =>
  server().requests.filter((r) => r.path.split("?")[0] === path).length;

async function search(email: string) {
  fireEvent.change(await screen.findByLabelText(panel.search.label), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole("button", { name: panel.search.submit }));
  await screen.findByText("Eén deelnemer met dit adres");
}

describe("a panel member action that is refused", () => {
  it("keeps the dialog open with the reason inside, so it can be tried again", async () => {
    server().on("GET /api/panel_user", { status: 200, body: listOf([EMAIL]) });
    let answers = 0;
    server().on("POST /api/panel_user/5/resend_verification_email", () =>
      ++answers === 1
        ? { status: 503, body: { error: { code: 13, message: "Service unavailable" } } }
        : { status: 200, body: {} },
    );
    renderMembers();
    fireEvent.click(await screen.findByRole("button", { name: resendFor(EMAIL) }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: panel.confirmResend }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(codes["13"]);
    expect(screen.getByRole("dialog")).toBe(dialog);

    fireEvent.click(within(dialog).getByRole("button", { name: panel.confirmResend }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent("/api/panel_user/5/resend_verification_email")).toBe(2);
  });

  it("says in its own words why a resend was refused: the member confirmed, or mail bounced", async () => {
    server().on("GET /api/panel_user", { status: 200, body: listOf([EMAIL]) });
    for (const [reason, text] of [
      ["verified", panel.resendNotNeeded],
      ["bounced", panel.resendBounced],
    ] as const) {
      server().on("POST /api/panel_user/5/resend_verification_email", {
        status: 409,
        body: { error: { code: 22, message: "Refused", fields: { id: reason } } },
      });
      const view = renderMembers();
      fireEvent.click(await screen.findByRole("button", { name: resendFor(EMAIL) }));
      const dialog = screen.getByRole("dialog");
      fireEvent.click(within(dialog).getByRole("button", { name: panel.confirmResend }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe(
        text.replace("{email}", EMAIL),
      );
      view.unmount();
    }
  });

  it("a reason shown once is gone when the dialog opens again", async () => {
    server().on("GET /api/panel_user", { status: 200, body: listOf([EMAIL]) });
    server().on("POST /api/panel_user/5/resend_verification_email", {
      status: 503,
      body: { error: { code: 13, message: "Service unavailable" } },
    });
    renderMembers();
    fireEvent.click(await screen.findByRole("button", { name: resendFor(EMAIL) }));
    fireEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: panel.confirmResend }),
    );
    await within(screen.getByRole("dialog")).findByRole("alert");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: panel.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: resendFor(EMAIL) }));
    expect(within(screen.getByRole("dialog")).queryByRole("alert")).toBeNull();
  });
});

describe("focus after a panel member action", () => {
  it("goes to the heading once mail is allowed again: the row's button is disabled after it", async () => {
    let bounced = true;
    server().on("GET /api/panel_user", () => {
      const list = listOf([EMAIL]);
      if (bounced)
        list.items[0] = { ...list.items[0], delivery_status: "bounced", bounce_kind: "permanent" };
      return { status: 200, body: list };
    });
    server().on("POST /api/panel_user/5/clear_bounce", () => {
      bounced = false;
      return { status: 200, body: {} };
    });
    renderMembers();
    const allow = await screen.findByRole("button", {
      name: panel.clearBounceFor.replace("{email}", EMAIL),
    });
    fireEvent.click(allow);
    fireEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: panel.confirmClearBounce }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })),
    );
  });
});

describe("search results on the panel screen", () => {
  it("stay in view when reading the whole list again fails", async () => {
    let listFails = false;
    server().on("GET /api/panel_user", () =>
      listFails
        ? { status: 503, body: { error: { code: 13, message: "Service unavailable" } } }
        : { status: 200, body: listOf(["ander@example.org"]) },
    );
    server().on("POST /api/panel_user/search", { status: 200, body: listOf([EMAIL]) });
    server().on("POST /api/panel_user/5/resend_verification_email", { status: 200, body: {} });
    renderMembers();
    await screen.findByText("ander@example.org");
    await search(EMAIL);

    listFails = true;
    const listsBefore = sent("/api/panel_user");
    fireEvent.click(screen.getByRole("button", { name: resendFor(EMAIL) }));
    fireEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: panel.confirmResend }),
    );
    await waitFor(() => expect(sent("/api/panel_user")).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(sent("/api/panel_user/search")).toBe(2));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(screen.queryByText(loadFailed, { exact: false })).toBeNull();

    // Back to the whole list: now its failure is what there is to see.
    fireEvent.click(screen.getByRole("button", { name: panel.search.clear }));
    expect(await screen.findByText(loadFailed, { exact: false })).toBeTruthy();
  });

  it("say so when they could not be read again after an action", async () => {
    server().on("GET /api/panel_user", { status: 200, body: listOf(["ander@example.org"]) });
    let searches = 0;
    server().on("POST /api/panel_user/search", () =>
      ++searches === 1
        ? { status: 200, body: listOf([EMAIL]) }
        : { status: 503, body: { error: { code: 13, message: "Service unavailable" } } },
    );
    server().on("POST /api/panel_user/5/resend_verification_email", { status: 200, body: {} });
    renderMembers();
    await screen.findByText("ander@example.org");
    await search(EMAIL);

    fireEvent.click(screen.getByRole("button", { name: resendFor(EMAIL) }));
    fireEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: panel.confirmResend }),
    );
    const stale = panel.search.refreshFailed.replace("{message}", codes["13"]);
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: panel.search.clear }));
    await waitFor(() => expect(screen.queryByText(stale)).toBeNull());
  });
});
