import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { toast } from "sonner";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { StaffUserProvider } from "@/components/admin/shell/staff-user-context";
import { CommunicationAdmin } from "@/components/admin/communication/communication-admin";
import { Toasts } from "@/components/ui/toasts";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import type { PanelMessageDetailDto, PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { startApiTestServer, type ApiTestServer } from "./api-test-server";
import { browseTo, messagesOf, renderIntl } from "./render-intl";

/** The screen's Dutch texts, which the tests look for. */
export const nl = messagesOf.nl.panelMessages.screen;

export const admin: PublicUser = {
  id: 1,
  email: "admin@example.org",
  name: "Admin",
  is_admin: true,
  is_verified: true,
  two_factor_enabled: false,
  two_factor_setup_required: false,
};

export function message(id: number, fields: Partial<PanelMessageDto> = {}): PanelMessageDto {
  return {
    id,
    subject: `Bericht ${id}`,
    body: `<p>Tekst van bericht ${id}</p>`,
    communication_status: "not_sent",
    sent_at: null,
    created_at: 1_763_900_000 + id * 3600,
    recipients_total: 0,
    delivered_count: 0,
    failed_count: 0,
    bounced_count: 0,
    scheduled_for: null,
    failure_reason: null,
    version: 1,
    ...fields,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sets up a test file of the communication screen: one API server for the whole file, the page
 * pointed at it, and before each test an empty request log and no toasts left over (Sonner keeps
 * them between renders; a test must only see its own). Call it once, at the top of the file.
 * The answers a test gives with `server.on` stay for the tests after it unless they give their
 * own.
 */
export function setUpCommunicationScreen() {
  let started: ApiTestServer | undefined;
  beforeAll(async () => {
    started = await startApiTestServer();
    browseTo(started.origin);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    server().requests.length = 0;
    toast.dismiss();
  });

  function server(): ApiTestServer {
    if (!started) throw new Error("the API server starts in beforeAll");
    return started;
  }

  /** The requests that arrived after `from`, as "METHOD /path". */
  function since(from: number): string[] {
    return server()
      .requests.slice(from)
      .map((r) => `${r.method} ${r.path}`);
  }

  /** A draft (id 2) and a sent message (id 1), newest first, with a detail route for each. */
  function serveTwoMessages() {
    const draft = message(2);
    const sent = message(1, {
      communication_status: "sent",
      sent_at: 1_763_990_000,
      recipients_total: 2,
      delivered_count: 2,
    });
    server().on("GET /api/panel_message", { status: 200, body: { items: [draft, sent] } });
    server().on("GET /api/panel_message/2", {
      status: 200,
      body: { ...draft, recipients_estimate: 3 } satisfies PanelMessageDetailDto,
    });
    server().on("GET /api/panel_message/1", {
      status: 200,
      body: { ...sent, failure_reasons: [] } satisfies PanelMessageDetailDto,
    });
    return { draft, sent };
  }

  return { server, since, serveTwoMessages };
}

/** The screen as a staff member (the admin unless told) sees it, with its toasts. */
export function renderScreen(user: PublicUser = admin) {
  return renderIntl(
    <StaffUserProvider initial={user}>
      <CommunicationAdmin title="Communicatie" />
      <Toasts />
    </StaffUserProvider>,
  );
}

/** A message's button in the list, by the start of its text (the subject). */
export function listButton(subject: string) {
  return screen.getByRole("button", { name: new RegExp(`^${subject}`) });
}

/**
 * Renders the screen, waits for the list and, when a subject is given, selects that message.
 * Returns the user-event session that did it, for the test's next steps.
 */
export async function openScreen(subject?: string, staff: PublicUser = admin): Promise<UserEvent> {
  const user = userEvent.setup();
  renderScreen(staff);
  await screen.findByRole("list", { name: nl.listLabel });
  if (subject) await user.click(listButton(subject));
  return user;
}

/** Opens the selected message's subject for editing; returns the field. */
export async function editSubject(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole("button", { name: nl.editSubject }));
  return screen.getByRole("textbox", { name: nl.subject });
}

/** Opens the selected message's body and makes one edit (a heading), which autosave then holds. */
export async function editBody(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole("button", { name: nl.editBody }));
  await screen.findByRole("textbox", { name: nl.body });
  await user.click(screen.getByRole("button", { name: messagesOf.nl.richText.heading2 }));
}

/**
 * Clicks Send and waits until the dialog's confirm button can be used (it waits for the
 * recipients' estimate); returns the dialog. Whatever save the click started may still be
 * under way.
 */
export async function openSendDialog(user: UserEvent): Promise<HTMLElement> {
  await user.click(screen.getByRole("button", { name: nl.send }));
  const dialog = await screen.findByRole("dialog", { name: nl.confirmSendTitle });
  await waitFor(() =>
    expect(within(dialog).getByRole("button", { name: nl.confirmSend })).toHaveProperty(
      "disabled",
      false,
    ),
  );
  return dialog;
}
