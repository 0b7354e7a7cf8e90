import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PanelMessageDetailDto } from "@/lib/mailings/schemas.shared";
import { messagesOf } from "../../support/render-intl";
import {
  editBody,
  nl,
  openScreen,
  message,
  openSendDialog,
  renderScreen,
  setUpCommunicationScreen,
  sleep,
} from "../../support/communication";

const { server, since, serveTwoMessages } = setUpCommunicationScreen();

const unavailable = { status: 503, body: { error: { code: 13, message: "Service unavailable" } } };
const isListRead = (r: { method: string; path: string }) =>
  r.method === "GET" && r.path === "/api/panel_message";
const loadFailed = nl.detailLoadFailed.replace(": {message}", "");

/** The two messages, the draft's own read answered 503 while `fails()` says so. */
function serveDraftFailingWhen(fails: () => boolean) {
  const { draft } = serveTwoMessages();
  server().on("GET /api/panel_message/2", () =>
    fails()
      ? unavailable
      : {
          status: 200,
          body: { ...draft, recipients_estimate: 3 } satisfies PanelMessageDetailDto,
        },
  );
}

describe("the communication screen when a request fails", () => {
  it("says so when the chosen message cannot be loaded, with a retry that loads it", async () => {
    let fails = true;
    serveDraftFailingWhen(() => fails);
    const user = await openScreen("Bericht 2");
    // The list's copy shows the subject meanwhile; the failure is said beside it.
    expect(await screen.findByText(loadFailed, { exact: false })).toBeTruthy();
    fails = false;
    await user.click(screen.getByRole("button", { name: nl.retry }));
    await waitFor(() => expect(screen.queryByText(loadFailed, { exact: false })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false),
    );
  });

  /**
   * The draft's GET answers it as a draft until `sentElsewhere()`, then as queued, with the body
   * a colleague saved before sending it.
   */
  function serveDraftSentElsewhere() {
    const { draft } = serveTwoMessages();
    let queued = false;
    server().on("GET /api/panel_message/2", () => ({
      status: 200,
      body: {
        ...draft,
        recipients_estimate: 3,
        ...(queued
          ? {
              communication_status: "queued" as const,
              recipients_total: 3,
              body: "<p>Wat de collega verstuurde</p>",
            }
          : {}),
      } satisfies PanelMessageDetailDto,
    }));
    return () => {
      queued = true;
    };
  }
  const reads = (from: number) =>
    since(from).filter((r) => r === "GET /api/panel_message/2").length;

  it("shows what is stored when Send is refused because it was sent elsewhere meanwhile", async () => {
    const sentElsewhere = serveDraftSentElsewhere();
    server().on("POST /api/panel_message/2/send", {
      status: 409,
      body: { error: { code: 18, message: "This panel message has already been sent" } },
    });
    const user = await openScreen("Bericht 2");
    const dialog = await openSendDialog(user);
    sentElsewhere();
    const from = server().requests.length;
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSend }));
    await waitFor(() => expect(reads(from)).toBeGreaterThan(0));
    await user.click(within(dialog).getByRole("button", { name: messagesOf.nl.common.cancel }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true),
    );
    expect(screen.getByRole("button", { name: nl.delete })).toHaveProperty("disabled", true);
    // The body that went out, not the draft this screen had.
    expect(screen.getByText("Wat de collega verstuurde")).toBeTruthy();
    expect(screen.queryByText("Tekst van bericht 2")).toBeNull();
  });

  it("counts the recipients afresh as the send dialog opens, and offers nothing until then", async () => {
    const { draft } = serveTwoMessages();
    let estimate = 3;
    server().on("GET /api/panel_message/2", async () => {
      if (estimate !== 3) await sleep(300);
      return {
        status: 200,
        body: { ...draft, recipients_estimate: estimate } satisfies PanelMessageDetailDto,
      };
    });
    const user = await openScreen("Bericht 2");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false),
    );
    estimate = 7;
    await user.click(screen.getByRole("button", { name: nl.send }));
    const dialog = await screen.findByRole("dialog", { name: nl.confirmSendTitle });
    // Not the count read when the message was opened: it says it is counting meanwhile.
    expect(dialog.textContent).toContain(nl.countingRecipients);
    expect(within(dialog).getByRole("button", { name: nl.confirmSend })).toHaveProperty(
      "disabled",
      true,
    );
    await waitFor(() => expect(dialog.textContent).toContain("7 geverifieerde deelnemers"));
    expect(within(dialog).getByRole("button", { name: nl.confirmSend })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("offers nothing, and says why, when the dialog's read of the count fails", async () => {
    let fails = false;
    serveDraftFailingWhen(() => fails);
    const user = await openScreen("Bericht 2");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false),
    );
    fails = true;
    await user.click(screen.getByRole("button", { name: nl.send }));
    const dialog = await screen.findByRole("dialog", { name: nl.confirmSendTitle });
    expect(await within(dialog).findByText(nl.countFailed)).toBeTruthy();
    expect(dialog.textContent).not.toContain("3 geverifieerde deelnemers");
    expect(within(dialog).getByRole("button", { name: nl.confirmSend })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("closes the send dialog and says so when its read finds the message sent elsewhere", async () => {
    const sentElsewhere = serveDraftSentElsewhere();
    const user = await openScreen("Bericht 2");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false),
    );
    sentElsewhere();
    await user.click(screen.getByRole("button", { name: nl.send }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(nl.sentElsewhere)).toBeTruthy();
    expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true);
    expect(since(0).filter((r) => r.endsWith("/send"))).toEqual([]);
  });

  it("shows what is stored when a save is refused because it was sent elsewhere meanwhile", async () => {
    const sentElsewhere = serveDraftSentElsewhere();
    server().on("PUT /api/panel_message/2", {
      status: 409,
      body: { error: { code: 16, message: "A sent panel message cannot be changed" } },
    });
    const user = await openScreen("Bericht 2");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false),
    );
    sentElsewhere();
    const from = server().requests.length;
    await editBody(user);
    await waitFor(() => expect(reads(from)).toBeGreaterThan(0), { timeout: 4000 });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true),
    );
    // The edit that could not be saved gives way to the body that went out.
    await waitFor(() => expect(screen.getByText("Wat de collega verstuurde")).toBeTruthy());
  });

  it("makes one new draft when 'new message' is pressed twice while the open one saves", async () => {
    const { draft } = serveTwoMessages();
    server().on("PUT /api/panel_message/2", { status: 200, body: draft, delayMs: 300 });
    server().on("POST /api/panel_message", { status: 200, body: message(3) });
    server().on("GET /api/panel_message/3", {
      status: 200,
      body: { ...message(3), recipients_estimate: 3 } satisfies PanelMessageDetailDto,
    });
    const user = await openScreen("Bericht 2");
    await editBody(user);
    const from = server().requests.length;
    await user.dblClick(screen.getByRole("button", { name: nl.newMessage }));
    expect(await screen.findByRole("heading", { level: 2, name: "Bericht 3" })).toBeTruthy();
    await sleep(100);
    expect(since(from).filter((r) => r === "POST /api/panel_message")).toHaveLength(1);
  });

  it("keeps a list that failed to load in view as failed after a new draft, and reads it again", async () => {
    let listFails = true;
    server().on("GET /api/panel_message", () =>
      listFails ? unavailable : { status: 200, body: { items: [message(3), message(2)] } },
    );
    server().on("POST /api/panel_message", { status: 200, body: message(3) });
    server().on("GET /api/panel_message/3", {
      status: 200,
      body: { ...message(3), recipients_estimate: 3 } satisfies PanelMessageDetailDto,
    });
    const user = userEvent.setup();
    renderScreen();
    const listFailed = nl.loadFailed.replace(": {message}", "");
    expect(await screen.findByText(listFailed, { exact: false })).toBeTruthy();
    // The draft is made, but a list of it alone would say every other message is gone.
    await user.click(screen.getByRole("button", { name: nl.newMessage }));
    expect(await screen.findByRole("heading", { level: 2, name: "Bericht 3" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: nl.listLabel })).toBeNull();
    // Read again once the draft is made: it failed again, and says so.
    await waitFor(() => expect(server().requests.filter(isListRead).length).toBeGreaterThan(1));
    await sleep(200);
    expect(await screen.findByText(listFailed, { exact: false })).toBeTruthy();
    expect(screen.queryByRole("list", { name: nl.listLabel })).toBeNull();
    listFails = false;
    await user.click(await screen.findByRole("button", { name: nl.retry }));
    const list = await screen.findByRole("list", { name: nl.listLabel });
    expect(within(list).getAllByRole("button")).toHaveLength(2);
  });
});
