import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PanelMessageDetailDto } from "@/lib/mailings/schemas.shared";
import { messagesOf } from "../../support/render-intl";
import {
  admin,
  editBody,
  editSubject,
  listButton,
  message,
  nl,
  openScreen,
  openSendDialog,
  renderScreen,
  setUpCommunicationScreen,
  sleep,
} from "../../support/communication";

const { server, since, serveTwoMessages } = setUpCommunicationScreen();

describe("the communication screen", () => {
  it("says it is loading, then lists newest first with date and status; nothing selected yet", async () => {
    serveTwoMessages();
    server().on("GET /api/panel_message", {
      status: 200,
      body: { items: [message(2), message(1, { communication_status: "sent" })] },
      delayMs: 200,
    });
    renderScreen();
    expect(screen.getByRole("status").textContent).toBe(nl.loading);
    const list = await screen.findByRole("list", { name: nl.listLabel });
    const rows = within(list).getAllByRole("button");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Bericht 2.*niet verzonden$/),
      expect.stringMatching(/^Bericht 1.*verzonden$/),
    ]);
    expect(rows.every((r) => r.getAttribute("aria-pressed") === "false")).toBe(true);
    expect(screen.getByText(nl.selectMessage)).toBeTruthy();
  });

  it("says when there are no messages", async () => {
    server().on("GET /api/panel_message", { status: 200, body: { items: [] } });
    renderScreen();
    expect(await screen.findByText(nl.empty)).toBeTruthy();
  });

  it("selects a message on click and deselects it on a second click", async () => {
    serveTwoMessages();
    const user = await openScreen("Bericht 1");
    expect(listButton("Bericht 1").getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("heading", { level: 2, name: "Bericht 1" })).toBeTruthy();
    // A sent message can be neither sent nor deleted again.
    expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: nl.delete })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: nl.editSubject })).toBeNull();

    await user.click(listButton("Bericht 1"));
    expect(listButton("Bericht 1").getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText(nl.selectMessage)).toBeTruthy();
  });

  it("saves the subject on Enter, puts the list in step, and Escape cancels", async () => {
    const { draft } = serveTwoMessages();
    let saved: unknown;
    server().on("PUT /api/panel_message/2", (req) => {
      saved = req.body;
      return { status: 200, body: { ...draft, subject: "Nieuw onderzoek" } };
    });
    const user = await openScreen("Bericht 2");
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Nieuw onderzoek{Enter}");
    expect(await screen.findByRole("heading", { level: 2, name: "Nieuw onderzoek" })).toBeTruthy();
    expect(saved).toEqual({ subject: "Nieuw onderzoek", version: 1 });
    await waitFor(() => expect(listButton("Nieuw onderzoek")).toBeTruthy());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: nl.editSubject })),
    );

    const puts = server().requests.filter((r) => r.method === "PUT").length;
    await user.click(screen.getByRole("button", { name: nl.editSubject }));
    await user.type(screen.getByRole("textbox", { name: nl.subject }), " extra{Escape}");
    expect(screen.getByRole("heading", { level: 2, name: "Nieuw onderzoek" })).toBeTruthy();
    expect(server().requests.filter((r) => r.method === "PUT").length).toBe(puts);
  });

  it("deselecting waits for the subject's save, and the list shows what was saved", async () => {
    const { draft } = serveTwoMessages();
    server().on("PUT /api/panel_message/2", {
      status: 200,
      body: { ...draft, subject: "Op tijd bewaard" },
      delayMs: 300,
    });
    const user = await openScreen("Bericht 2");
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Op tijd bewaard");
    // Leaving the field for the list saves it; the click deselects the message once it is saved.
    await user.click(listButton("Bericht 2"));
    expect(screen.queryByText(nl.selectMessage)).toBeNull();
    expect(await screen.findByText(nl.selectMessage)).toBeTruthy();
    expect(listButton("Op tijd bewaard")).toBeTruthy();
    expect(server().requests.filter((r) => r.method === "PUT")).toHaveLength(1);
  });

  it("refuses an empty subject in the field, without a request", async () => {
    serveTwoMessages();
    const user = await openScreen("Bericht 2");
    await user.clear(await editSubject(user));
    await user.keyboard("{Enter}");
    expect(screen.getByText(nl.subjectEmpty)).toBeTruthy();
    expect(since(0).filter((r) => r.startsWith("PUT"))).toEqual([]);
  });

  it("send waits for the subject's pending save, then queues, names the recipients and toasts", async () => {
    const { draft } = serveTwoMessages();
    let putAnsweredAt = 0;
    let sendArrivedAt = 0;
    server().on("PUT /api/panel_message/2", async () => {
      await sleep(300);
      putAnsweredAt = Date.now();
      return { status: 200, body: { ...draft, subject: "Laatste versie" } };
    });
    server().on("POST /api/panel_message/2/send", () => {
      sendArrivedAt = Date.now();
      return {
        status: 200,
        body: { ...draft, subject: "Laatste versie", communication_status: "queued" },
      };
    });
    const user = await openScreen("Bericht 2");
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Laatste versie");
    // Leaving the field for the Send button starts the save; the dialog opens meanwhile.
    const dialog = await openSendDialog(user);
    expect(dialog.textContent).toContain("3 geverifieerde deelnemers ontvangen");
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSend }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByText(nl.sent).length).toBeGreaterThan(0);
    expect(putAnsweredAt).toBeGreaterThan(0);
    expect(sendArrivedAt).toBeGreaterThanOrEqual(putAnsweredAt);
    const order = since(0).filter((r) => r.startsWith("PUT") || r.endsWith("/send"));
    expect(order).toEqual(["PUT /api/panel_message/2", "POST /api/panel_message/2/send"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(nl.sendScheduled)).toBeTruthy();
  });

  it("sends nothing when the pending save fails, and says so", async () => {
    const { draft } = serveTwoMessages();
    server().on("PUT /api/panel_message/2", {
      status: 500,
      body: { error: { code: 13, message: "Unknown error" } },
      delayMs: 100,
    });
    server().on("POST /api/panel_message/2/send", {
      status: 200,
      body: { ...draft, communication_status: "queued" },
    });
    server().on("POST /api/panel_message/2/test", { status: 200, body: {} });
    const user = await openScreen("Bericht 2");
    const field = await editSubject(user);
    await user.type(field, " gewijzigd");
    // The save is awaited before the confirmation would open: it fails, so it never opens.
    await user.click(screen.getByRole("button", { name: nl.send }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.saveFailedNothingSent);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(since(0).filter((r) => r.endsWith("/send"))).toEqual([]);

    // The field is back with the reason (under it, and said in the live region, since the
    // field has no focus), and a test mail is refused the same way.
    expect(await screen.findAllByText(/Het onderwerp kon niet worden opgeslagen/)).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: nl.sendTest }));
    expect((await screen.findByRole("alert")).textContent).toBe(nl.saveFailedNothingSent);
    expect(since(0).filter((r) => r.endsWith("/test"))).toEqual([]);
  });

  it("send saves the body's waiting autosave at once, before it queues", async () => {
    const { draft } = serveTwoMessages();
    const bodies: unknown[] = [];
    let putAnsweredAt = 0;
    let sendArrivedAt = 0;
    server().on("PUT /api/panel_message/2", async (req) => {
      bodies.push(req.body);
      await sleep(200);
      putAnsweredAt = Date.now();
      return { status: 200, body: { ...draft, ...(req.body as object) } };
    });
    server().on("POST /api/panel_message/2/send", () => {
      sendArrivedAt = Date.now();
      return { status: 200, body: { ...draft, communication_status: "queued" } };
    });
    const user = await openScreen("Bericht 2");
    // An edit: the autosave waits 3 seconds for more.
    await editBody(user);
    expect(await screen.findByText(messagesOf.nl.autosave.unsaved)).toBeTruthy();
    expect(bodies).toEqual([]);

    const dialog = await openSendDialog(user);
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSend }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText(nl.sendScheduled)).toBeTruthy();
    expect(bodies).toEqual([{ body: "<h2>Tekst van bericht 2</h2>", version: 1 }]);
    expect(putAnsweredAt).toBeGreaterThan(0);
    expect(sendArrivedAt).toBeGreaterThanOrEqual(putAnsweredAt);
  });

  it("sends nothing when the body's save is refused, and the save status says why", async () => {
    const { draft } = serveTwoMessages();
    server().on("PUT /api/panel_message/2", {
      status: 409,
      body: { error: { code: 16, message: "Cannot update panel message, already sent" } },
    });
    server().on("POST /api/panel_message/2/send", {
      status: 200,
      body: { ...draft, communication_status: "queued" },
    });
    const user = await openScreen("Bericht 2");
    await editBody(user);
    await user.click(screen.getByRole("button", { name: nl.send }));
    expect(
      (await screen.findByText(nl.saveFailedNothingSent)).closest("[role=alert]"),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(since(0).filter((r) => r.endsWith("/send"))).toEqual([]);
    expect(await screen.findByText(new RegExp(messagesOf.nl.errors.codes["16"]))).toBeTruthy();
  });

  it("says a body refused as invalid is too long to save, with the limit", async () => {
    serveTwoMessages();
    server().on("PUT /api/panel_message/2", {
      status: 400,
      body: {
        error: {
          code: 22,
          message: "Invalid input",
          fields: { body: "The body can have at most 100000 characters" },
        },
      },
    });
    const user = await openScreen("Bericht 2");
    await editBody(user);
    await user.click(screen.getByRole("button", { name: nl.send }));
    // Not "invalid input": what is wrong, and the limit in the reader's notation.
    expect(await screen.findByText(/het bericht is te lang: hooguit 100\.000 tekens/)).toBeTruthy();
  });

  it("sends a test mail to the signed-in staff member", async () => {
    serveTwoMessages();
    server().on("POST /api/panel_message/2/test", { status: 200, body: {} });
    const user = await openScreen("Bericht 2");
    await user.click(await screen.findByRole("button", { name: nl.sendTest }));
    expect(
      await screen.findByText("Er is een testmail gestuurd naar admin@example.org"),
    ).toBeTruthy();
    expect(since(0).filter((r) => r.endsWith("/test"))).toEqual(["POST /api/panel_message/2/test"]);
  });

  it("deletes after confirmation; a refusal shows the server's reason in the dialog", async () => {
    serveTwoMessages();
    server().on("DELETE /api/panel_message/2", {
      status: 409,
      body: { error: { code: 17, message: "Cannot delete panel message, already sent" } },
    });
    const user = await openScreen("Bericht 2");
    await user.click(await screen.findByRole("button", { name: nl.delete }));
    let dialog = screen.getByRole("dialog", { name: nl.confirmDeleteTitle });
    await user.click(within(dialog).getByRole("button", { name: nl.confirmDelete }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      messagesOf.nl.errors.codes["17"],
    );
    await user.click(within(dialog).getByRole("button", { name: "Annuleren" }));

    server().on("DELETE /api/panel_message/2", { status: 200, body: {} });
    await user.click(screen.getByRole("button", { name: nl.delete }));
    dialog = screen.getByRole("dialog", { name: nl.confirmDeleteTitle });
    await user.click(within(dialog).getByRole("button", { name: nl.confirmDelete }));
    expect(await screen.findByText(nl.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Bericht 2/ })).toBeNull());
    expect(screen.getByText(nl.selectMessage)).toBeTruthy();
  });

  it("takes a message deleted elsewhere meanwhile off the list, and says so", async () => {
    serveTwoMessages();
    server().on("DELETE /api/panel_message/2", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    const user = await openScreen("Bericht 2");
    await user.click(await screen.findByRole("button", { name: nl.delete }));
    const dialog = screen.getByRole("dialog", { name: nl.confirmDeleteTitle });
    await user.click(within(dialog).getByRole("button", { name: nl.confirmDelete }));
    expect(await screen.findByText(nl.alreadyDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Bericht 2/ })).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(nl.selectMessage)).toBeTruthy();
  });

  it("polls progress while delivering, shows failures with reasons, and stops once sent", async () => {
    const base = message(3, { communication_status: "queued", recipients_total: 4 });
    server().on("GET /api/panel_message", { status: 200, body: { items: [base] } });
    const answers: PanelMessageDetailDto[] = [
      { ...base, failure_reasons: [] },
      { ...base, communication_status: "sending", delivered_count: 2, failure_reasons: [] },
      {
        ...base,
        communication_status: "sent",
        sent_at: 1_763_999_000,
        delivered_count: 3,
        failed_count: 1,
        failure_reasons: [{ reason: "The provider refused [address]", count: 1 }],
      },
    ];
    let served = 0;
    server().on("GET /api/panel_message/3", () => ({
      status: 200,
      body: answers[Math.min(served++, answers.length - 1)],
    }));
    await openScreen("Bericht 3");
    expect(await screen.findByText(nl.sendScheduled)).toBeTruthy();
    expect(
      await screen.findByText(
        "2 aangenomen door de maildienst, 0 mislukt, 0 teruggekomen (bounce), van 4",
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        "Verzonden: de maildienst heeft 3 van 4 mails aangenomen.",
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText("1 mail kon niet worden verstuurd")).toBeTruthy();
    expect(screen.getByText("The provider refused [address]")).toBeTruthy();
    // The list's badge follows.
    expect(listButton("Bericht 3").textContent).toMatch(/verzonden$/);

    const polls = served;
    await sleep(2500);
    expect(served).toBe(polls);
  }, 15_000);

  it("stops polling when the message is deselected", async () => {
    const base = message(4, { communication_status: "sending", recipients_total: 4 });
    server().on("GET /api/panel_message", { status: 200, body: { items: [base] } });
    let served = 0;
    server().on("GET /api/panel_message/4", () => {
      served += 1;
      return { status: 200, body: { ...base, failure_reasons: [] } };
    });
    const user = await openScreen("Bericht 4");
    await waitFor(() => expect(served).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    await user.click(listButton("Bericht 4"));
    const polls = served;
    await sleep(2500);
    expect(served).toBe(polls);
  }, 15_000);

  it("keeps Send disabled for staff who are not admins, and says why", async () => {
    serveTwoMessages();
    await openScreen("Bericht 2", { ...admin, is_admin: false });
    const send = await screen.findByRole("button", { name: nl.send });
    expect(send).toHaveProperty("disabled", true);
    expect(screen.getByText(nl.sendAdminOnly)).toBeTruthy();
    expect(screen.getByRole("button", { name: nl.delete })).toHaveProperty("disabled", false);
  });
});
