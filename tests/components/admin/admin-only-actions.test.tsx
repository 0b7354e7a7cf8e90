import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PanelMembersAdmin } from "@/components/admin/panel/panel-members-admin";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import { ScheduleNotice } from "@/components/admin/communication/schedule-notice";
import { StudyDetail } from "@/components/admin/studies/study-detail";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import type { PanelUserList } from "@/lib/panel/schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { admin, message } from "../../support/communication";
import { messagesOf, renderIntl } from "../../support/render-intl";

const staff: PublicUser = { ...admin, id: 2, email: "staff@example.org", is_admin: false };
const panel = messagesOf.nl.panel.admin;
const mailings = messagesOf.nl.panelMessages.screen;
const studies = messagesOf.nl.admin.studies;

const server = setUpApiTestServer();

const members: PanelUserList = {
  items: [
    {
      id: 5,
      email: "lid@example.org",
      is_verified: true,
      created_at: 1_763_900_000,
      delivery_status: "ok",
      bounce_kind: null,
    },
  ],
  meta: { total_items: 1, total_pages: 1, page: 1, per_page: 10 },
};

function renderMembers(user: PublicUser) {
  server().on("GET /api/panel_user", { status: 200, body: members });
  return renderIntl(
    <StaffUserProvider initial={user}>
      <PanelMembersAdmin />
    </StaffUserProvider>,
  );
}

/** The texts an element's aria-describedby points at. */
function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

describe("admin-only actions as other staff see them", () => {
  it("'delete member' is disabled with the reason beside it, never offered then refused", async () => {
    renderMembers(staff);
    const remove = await screen.findByRole("button", {
      name: panel.deleteFor.replace("{email}", "lid@example.org"),
    });
    expect(remove).toHaveProperty("disabled", true);
    expect(describedBy(remove)).toEqual([panel.deleteAdminOnly]);
    expect(screen.getByText(panel.deleteAdminOnly)).toBeTruthy();

    fireEvent.click(remove);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server().requests.filter((r) => r.method === "DELETE")).toEqual([]);
  });

  it("an admin deletes a member after confirming, with no reason shown", async () => {
    server().on("DELETE /api/panel_user/5", { status: 200, body: {} });
    renderMembers(admin);
    const remove = await screen.findByRole("button", {
      name: panel.deleteFor.replace("{email}", "lid@example.org"),
    });
    expect(remove).toHaveProperty("disabled", false);
    expect(remove.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText(panel.deleteAdminOnly)).toBeNull();

    fireEvent.click(remove);
    fireEvent.click(await screen.findByRole("button", { name: panel.confirmDelete }));
    await waitFor(() =>
      expect(server().requests.map((r) => `${r.method} ${r.path}`)).toContain(
        "DELETE /api/panel_user/5",
      ),
    );
  });

  it("cancelling a scheduled send is disabled with the reason for other staff", () => {
    const scheduled = message(3, {
      communication_status: "scheduled",
      scheduled_for: 1_900_000_000,
    });
    renderIntl(<ScheduleNotice message={scheduled} isAdmin={false} onChanged={() => {}} />);
    const cancel = screen.getByRole("button", { name: mailings.cancelSchedule });
    expect(cancel).toHaveProperty("disabled", true);
    expect(describedBy(cancel)).toEqual([mailings.cancelAdminOnly]);
  });

  it("an admin may cancel a scheduled send", () => {
    const scheduled = message(3, {
      communication_status: "scheduled",
      scheduled_for: 1_900_000_000,
    });
    renderIntl(<ScheduleNotice message={scheduled} isAdmin onChanged={() => {}} />);
    const cancel = screen.getByRole("button", { name: mailings.cancelSchedule });
    expect(cancel).toHaveProperty("disabled", false);
    expect(screen.queryByText(mailings.cancelAdminOnly)).toBeNull();
  });

  it("'delete study' is disabled with the reason for other staff, enabled for an admin", async () => {
    const study: StudyDto = {
      id: 9,
      name: "Onderzoek 9",
      short_description: "",
      description: "",
      status: "open",
      created_at: 1_763_900_000,
      survey_uuid: null,
      response_limit: null,
      closes_at: null,
    };
    server().on("GET /api/study/9/attachments", { status: 200, body: { items: [] } });
    const detail = (user: PublicUser) => (
      <StaffUserProvider initial={user}>
        <StudyDetail
          study={study}
          onChange={() => {}}
          onDeleted={() => {}}
          onDuplicate={async () => {}}
          registerFlush={() => {}}
        />
      </StaffUserProvider>
    );
    const view = renderIntl(detail(staff));
    const remove = screen.getByRole("button", { name: studies.delete });
    expect(remove).toHaveProperty("disabled", true);
    expect(describedBy(remove)).toEqual([studies.deleteOnlyAdmins]);
    fireEvent.click(remove);
    expect(screen.queryByRole("dialog")).toBeNull();
    view.unmount();

    renderIntl(detail(admin));
    const enabled = screen.getByRole("button", { name: studies.delete });
    expect(enabled).toHaveProperty("disabled", false);
    expect(screen.queryByText(studies.deleteOnlyAdmins)).toBeNull();
    fireEvent.click(enabled);
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });
});
