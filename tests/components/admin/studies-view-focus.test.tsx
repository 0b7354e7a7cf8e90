import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import { StudiesView } from "@/components/admin/studies/studies-view";
import { Toasts } from "@/components/ui/toasts";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { admin } from "../../support/communication";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { studyDto } from "../../support/study-dto";

const en = messagesOf.en.admin.studies;

const server = setUpApiTestServer();

const study = (id: number, name: string): StudyDto =>
  studyDto({ id, name, status: "not_started", response_count: 0 });

beforeEach(() => {
  // The toasts of the tests before are still in the toaster's store.
  toast.dismiss();
  server().on("GET /api/study", {
    status: 200,
    body: { items: [study(7, "Omstanders"), study(8, "Thuis")] },
  });
  for (const id of [7, 8, 9]) {
    server().on(`GET /api/study/${id}/attachments`, { status: 200, body: { items: [] } });
  }
});

async function openStudy(name: RegExp) {
  const u = userEvent.setup();
  renderIntl(
    <StaffUserProvider initial={admin}>
      <StudiesView />
      <Toasts />
    </StaffUserProvider>,
    "en",
  );
  const list = await screen.findByRole("navigation", { name: en.listLabel });
  await u.click(await within(list).findByRole("button", { name }));
  return { u, list };
}

const pressed = (list: HTMLElement, name: RegExp) =>
  within(list).getByRole("button", { name }).getAttribute("aria-pressed");

describe("the studies screen", () => {
  it("puts focus on the copy's heading after Duplicate, whose button went with the pane", async () => {
    server().on("POST /api/study/7/duplicate", {
      status: 200,
      body: study(9, "Omstanders (kopie)"),
    });
    const { u } = await openStudy(/Omstanders/);
    await u.click(await screen.findByRole("button", { name: en.duplicate }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Omstanders (kopie)" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The copy's pane has loaded (nothing of it is still on its way when the test ends).
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });

  it("keeps 'create new study' free while a copy is made", async () => {
    server().on("POST /api/study/7/duplicate", {
      status: 200,
      body: study(9, "Omstanders (kopie)"),
      delayMs: 300,
    });
    const { u } = await openStudy(/Omstanders/);
    await u.click(await screen.findByRole("button", { name: en.duplicate }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: en.duplicating }).getAttribute("aria-busy")).toBe(
        "true",
      ),
    );
    const create = screen.getByRole("button", { name: new RegExp(en.create) });
    expect(create.getAttribute("aria-busy")).toBeNull();
    await screen.findByRole("heading", { level: 2, name: "Omstanders (kopie)" });
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });

  it("forgets a closed study's unsaved edit once it was left, even by deselecting it", async () => {
    // Deleted in another session meanwhile: every save of it is refused for good.
    server().on("PUT /api/study/7", {
      status: 404,
      body: { error: { code: 14, message: "Not found" } },
    });
    const { u, list } = await openStudy(/Omstanders/);
    await u.click(await screen.findByRole("button", { name: en.editName }));
    await u.type(screen.getByRole("textbox", { name: en.name }), " en getuigen");
    // A second click on the open study closes it: it asks, and the reader leaves.
    await u.click(within(list).getByRole("button", { name: /Omstanders/ }));
    const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
    await u.click(within(dialog).getByRole("button", { name: en.leave }));
    await waitFor(() => expect(pressed(list, /Omstanders/)).toBe("false"));
    toast.dismiss();

    // Another study then opens at once: nothing of the closed one is tried again.
    const putsBefore = server().requests.filter((r) => r.method === "PUT").length;
    await u.click(within(list).getByRole("button", { name: /Thuis/ }));
    await waitFor(() => expect(pressed(list, /Thuis/)).toBe("true"));
    expect(server().requests.filter((r) => r.method === "PUT")).toHaveLength(putsBefore);
    expect(screen.queryByRole("dialog", { name: en.leaveTitle })).toBeNull();
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });
});
