import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import { StudiesView } from "@/components/admin/studies/studies-view";
import { Toasts } from "@/components/ui/toasts";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import type { ApiTestServer } from "./api-test-server";
import { admin } from "./communication";
import { messagesOf, renderIntl } from "./render-intl";
import { studyDto } from "./study-dto";

const en = messagesOf.en.admin.studies;

/** A study as the staff list shows it, not started and without responses. */
export const listedStudy = (id: number, name: string): StudyDto =>
  studyDto({ id, name, status: "not_started", response_count: 0 });

/**
 * The studies screen's API for these studies: the list, and an empty attachments list for each
 * (and for `alsoIds`, studies a test makes on the way, such as a copy). The toasts of the tests
 * before are still in the toaster's store: they go first.
 */
export function serveStudies(server: ApiTestServer, studies: StudyDto[], alsoIds: number[] = []) {
  toast.dismiss();
  server.on("GET /api/study", { status: 200, body: { items: studies } });
  for (const id of [...studies.map((s) => s.id), ...alsoIds]) {
    server.on(`GET /api/study/${id}/attachments`, { status: 200, body: { items: [] } });
  }
}

/** /admin/studies for an admin, with its toasts; with `name`, that study opened. */
export async function openStudiesScreen(name?: RegExp) {
  const u = userEvent.setup();
  renderIntl(
    <StaffUserProvider initial={admin}>
      <StudiesView />
      <Toasts />
    </StaffUserProvider>,
    "en",
  );
  const list = await screen.findByRole("navigation", { name: en.listLabel });
  if (name) await u.click(await within(list).findByRole("button", { name }));
  return { u, list };
}
