import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { messagesOf } from "../../support/render-intl";
import { appLink } from "../../support/leaving";
import {
  editBody,
  editSubject,
  listButton,
  message,
  nl,
  openScreen,
  openSendDialog,
  setUpCommunicationScreen,
} from "../../support/communication";

const { server } = setUpCommunicationScreen();

const CHANGED_ELSEWHERE = {
  status: 409,
  body: {
    error: {
      code: 27,
      message: "This was changed elsewhere in the meantime; reload to see the newer version",
    },
  },
};

/**
 * One draft (id 2) kept as the API keeps it: every PUT and send names a version, one based on
 * an older version is refused with 27, and `changeElsewhere` plays another tab's save.
 */
function serveVersionedDraft() {
  let stored: PanelMessageDto = message(2);
  const puts: unknown[] = [];
  const sends: unknown[] = [];
  const tests: unknown[] = [];
  const sent = message(1, { communication_status: "sent", sent_at: 1_763_990_000 });
  server().on("GET /api/panel_message", () => ({ status: 200, body: { items: [stored, sent] } }));
  server().on("GET /api/panel_message/1", { status: 200, body: { ...sent, failure_reasons: [] } });
  server().on("GET /api/panel_message/2", () => ({
    status: 200,
    body: { ...stored, recipients_estimate: 3 },
  }));
  server().on("PUT /api/panel_message/2", (req) => {
    const { version, ...fields } = req.body as Partial<PanelMessageDto>;
    puts.push(req.body);
    if (version !== stored.version) return CHANGED_ELSEWHERE;
    stored = { ...stored, ...fields, version: stored.version + 1 };
    return { status: 200, body: stored };
  });
  server().on("POST /api/panel_message/2/send", (req) => {
    sends.push(req.body);
    if ((req.body as { version?: number }).version !== stored.version) return CHANGED_ELSEWHERE;
    stored = { ...stored, communication_status: "queued" };
    return { status: 200, body: stored };
  });
  server().on("POST /api/panel_message/2/test", (req) => {
    tests.push(req.body);
    if ((req.body as { version?: number }).version !== stored.version) return CHANGED_ELSEWHERE;
    return { status: 200, body: {} };
  });
  return {
    puts,
    sends,
    tests,
    stored: () => stored,
    changeElsewhere(fields: Partial<PanelMessageDto>) {
      stored = { ...stored, ...fields, version: stored.version + 1 };
    },
  };
}

/** Opens the draft and waits until it has loaded: what it loaded is the version it edits. */
async function openLoaded() {
  const user = await openScreen("Bericht 2");
  await screen.findByRole("button", { name: nl.editSubject });
  return user;
}

/** The notice's box: the announced text (an alert) and the buttons beside it. */
function conflictNotice(): HTMLElement {
  const title = screen.getByText(nl.conflictTitle);
  const alert = title.closest("[role=alert]");
  if (!(alert instanceof HTMLElement)) throw new Error("the conflict notice is not announced");
  const box = alert.parentElement?.parentElement;
  if (!(box instanceof HTMLElement)) throw new Error("the conflict notice has no box");
  return box;
}

describe("a message changed elsewhere", () => {
  it("saves the subject and then the body each on the version the one before answered", async () => {
    const draft = serveVersionedDraft();
    const user = await openScreen("Bericht 2");
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Eerst het onderwerp{Enter}");
    await editBody(user);
    await user.click(screen.getByRole("button", { name: nl.finishBody }));
    await waitFor(() => expect(draft.puts).toHaveLength(2));
    expect(draft.puts).toEqual([
      { subject: "Eerst het onderwerp", version: 1 },
      { body: "<h2>Tekst van bericht 2</h2>", version: 2 },
    ]);
    expect(draft.stored()).toMatchObject({ subject: "Eerst het onderwerp", version: 3 });
    expect(screen.queryByText(nl.conflictTitle)).toBeNull();
  });

  it("says so when a body save is refused, and shows their version on request, dropping mine", async () => {
    const draft = serveVersionedDraft();
    const user = await openLoaded();
    draft.changeElsewhere({
      body: "<p>Geschreven in een ander tabblad</p>",
      subject: "Van elders",
    });
    await editBody(user);
    await user.click(screen.getByRole("button", { name: nl.finishBody }));
    await waitFor(() => expect(screen.getByText(nl.conflictTitle)).toBeTruthy());
    expect(conflictNotice().textContent).toContain(nl.conflictText);
    // Nothing of theirs was overwritten.
    expect(draft.stored().body).toBe("<p>Geschreven in een ander tabblad</p>");

    const putsBefore = draft.puts.length;
    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictShowTheirs }));
    expect(await screen.findByText("Geschreven in een ander tabblad")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Van elders" })).toBeTruthy();
    expect(screen.queryByText(nl.conflictTitle)).toBeNull();
    expect(screen.getAllByText(nl.conflictShowingTheirs).length).toBeGreaterThan(0);
    expect(listButton("Van elders")).toBeTruthy();
    // My edit was dropped, not sent as the editor went away.
    expect(draft.puts).toHaveLength(putsBefore);

    // The next edit is based on their version.
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Daarna van mij{Enter}");
    await waitFor(() =>
      expect(draft.puts.at(-1)).toEqual({ subject: "Daarna van mij", version: 2 }),
    );
    expect(draft.stored()).toMatchObject({
      subject: "Daarna van mij",
      body: "<p>Geschreven in een ander tabblad</p>",
    });
  });

  it("saves my refused subject over theirs on request, keeping their body", async () => {
    const draft = serveVersionedDraft();
    const user = await openLoaded();
    draft.changeElsewhere({ body: "<p>Hun tekst</p>" });
    const field = await editSubject(user);
    await user.clear(field);
    await user.type(field, "Mijn onderwerp{Enter}");
    await waitFor(() => expect(screen.getByText(nl.conflictTitle)).toBeTruthy());
    // The field stays open with what was typed.
    expect(screen.getByRole("textbox", { name: nl.subject })).toHaveProperty(
      "value",
      "Mijn onderwerp",
    );

    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictKeepMine }));
    await waitFor(() => expect(screen.queryByText(nl.conflictTitle)).toBeNull());
    // Pressing the button left the open field; that save could only be refused, so it is not
    // sent, and the choice does not wait for it.
    expect(draft.puts).toEqual([
      { subject: "Mijn onderwerp", version: 1 },
      { subject: "Mijn onderwerp", version: 2 },
    ]);
    expect(draft.stored()).toMatchObject({
      subject: "Mijn onderwerp",
      body: "<p>Hun tekst</p>",
      version: 3,
    });
    expect(await screen.findByRole("heading", { level: 2, name: "Mijn onderwerp" })).toBeTruthy();
    expect(screen.getByText("Hun tekst")).toBeTruthy();
    expect(screen.getAllByText(nl.conflictKeptMine).length).toBeGreaterThan(0);
  });

  it("sends nothing that differs from the screen: a send after a change elsewhere is refused", async () => {
    const draft = serveVersionedDraft();
    const user = await openScreen("Bericht 2");
    const dialog = await openSendDialog(user);
    draft.changeElsewhere({ body: "<p>Op het laatste moment veranderd</p>" });
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSend }));
    expect(await within(dialog).findByText(new RegExp(nl.sendChangedElsewhere))).toBeTruthy();
    expect(draft.sends).toEqual([{ version: 1 }]);
    expect(draft.stored().communication_status).toBe("not_sent");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictShowTheirs }));
    expect(await screen.findByText("Op het laatste moment veranderd")).toBeTruthy();

    const again = await openSendDialog(user);
    await user.click(within(again).getByRole("button", { name: nl.confirmSend }));
    await waitFor(() => expect(draft.stored().communication_status).toBe("queued"));
    expect(draft.sends.at(-1)).toEqual({ version: 2 });
  });

  it("mails no test of a version the screen has not shown: refused, then the same choice", async () => {
    const draft = serveVersionedDraft();
    const user = await openLoaded();
    draft.changeElsewhere({ subject: "Van elders veranderd" });
    await user.click(screen.getByRole("button", { name: nl.sendTest }));
    await waitFor(() => expect(screen.getByText(nl.conflictTitle)).toBeTruthy());
    expect(draft.tests).toEqual([{ version: 1 }]);
    expect(screen.getByText(new RegExp(nl.sendChangedElsewhere))).toBeTruthy();

    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictShowTheirs }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "Van elders veranderd" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: nl.sendTest }));
    expect(
      await screen.findByText("Er is een testmail gestuurd naar admin@example.org"),
    ).toBeTruthy();
    expect(draft.tests.at(-1)).toEqual({ version: 2 });
  });

  it("keeps the notice and says so when the newer version cannot be loaded", async () => {
    const draft = serveVersionedDraft();
    const user = await openLoaded();
    draft.changeElsewhere({ subject: "Van elders" });
    await editBody(user);
    await user.click(screen.getByRole("button", { name: nl.finishBody }));
    await waitFor(() => expect(screen.getByText(nl.conflictTitle)).toBeTruthy());
    server().on("GET /api/panel_message/2", {
      status: 503,
      body: { error: { code: 13, message: "x" } },
    });
    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictShowTheirs }));
    expect(await within(conflictNotice()).findByText(nl.conflictFailed)).toBeTruthy();
    // The unsaved edit is still in the editor.
    expect(screen.getByRole("textbox", { name: nl.body }).innerHTML).toContain(
      "Tekst van bericht 2",
    );
    expect(
      screen.getAllByText(messagesOf.nl.autosave.error, { exact: false }).length,
    ).toBeGreaterThan(0);

    // Once it can be loaded, keeping mine still has my edit to save.
    server().on("GET /api/panel_message/2", () => ({
      status: 200,
      body: { ...draft.stored(), recipients_estimate: 3 },
    }));
    await user.click(within(conflictNotice()).getByRole("button", { name: nl.conflictKeepMine }));
    await waitFor(() => expect(screen.queryByText(nl.conflictTitle)).toBeNull());
    expect(draft.stored()).toMatchObject({
      subject: "Van elders",
      body: "<h2>Tekst van bericht 2</h2>",
    });
    // Focus goes to the message's heading, not to the page: the pressed button is gone.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { level: 2, name: "Van elders" }),
      ),
    );
  });

  it("keeps the message open while the conflict waits for a choice, and says why", async () => {
    const draft = serveVersionedDraft();
    const user = await openLoaded();
    draft.changeElsewhere({ subject: "Van elders" });
    await editBody(user);
    // Choosing another message first saves the edit: refused, so the message stays open.
    await user.click(listButton("Bericht 1"));
    expect(await screen.findByText(nl.conflictFirst)).toBeTruthy();
    expect(listButton("Bericht 2").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(nl.conflictTitle)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: nl.body }).innerHTML).toContain(
      "Tekst van bericht 2",
    );
    // The notice's text is announced; its buttons are controls beside it, not part of it.
    const alert = screen.getByText(nl.conflictTitle).closest("[role=alert]") as HTMLElement;
    expect(within(alert).queryAllByRole("button")).toEqual([]);

    await user.click(screen.getByRole("button", { name: nl.conflictShowTheirs }));
    await waitFor(() => expect(screen.queryByText(nl.conflictTitle)).toBeNull());
    await user.click(listButton("Bericht 1"));
    await waitFor(() => expect(listButton("Bericht 1").getAttribute("aria-pressed")).toBe("true"));
  });

  it("asks before closing a message whose edit could not be saved; staying keeps the edit", async () => {
    serveVersionedDraft();
    const user = await openLoaded();
    await editBody(user);
    server().on("PUT /api/panel_message/2", {
      status: 503,
      body: { error: { code: 13, message: "x" } },
    });
    // Choosing another message first saves the edit: that fails, so the reader is asked,
    // instead of the message closing on one last try nobody would see fail.
    await user.click(listButton("Bericht 1"));
    const dialog = await screen.findByRole("dialog", { name: nl.leaveTitle });
    await user.click(within(dialog).getByRole("button", { name: nl.stay }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(listButton("Bericht 2").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("textbox", { name: nl.body }).innerHTML).toContain(
      "Tekst van bericht 2",
    );
    // The edit is still retried, and stored once the server is back (not on the next test's).
    const draft = serveVersionedDraft();
    await waitFor(() => expect(draft.stored().body).toBe("<h2>Tekst van bericht 2</h2>"));
  });

  it("lets a message whose edit can never be saved be left, once the reader says so", async () => {
    serveVersionedDraft();
    const user = await openLoaded();
    await editBody(user);
    // Sent from another tab meanwhile: every save of the draft is refused for good.
    let refused = 0;
    server().on("PUT /api/panel_message/2", () => {
      refused += 1;
      return {
        status: 409,
        body: { error: { code: 16, message: "The panel message was already sent" } },
      };
    });
    await user.click(listButton("Bericht 1"));
    const dialog = await screen.findByRole("dialog", { name: nl.leaveTitle });
    const before = refused;
    await user.click(within(dialog).getByRole("button", { name: nl.leave }));
    await waitFor(() => expect(listButton("Bericht 1").getAttribute("aria-pressed")).toBe("true"));
    // The closed detail's last try goes here, not to the next test's server.
    await waitFor(() => expect(refused).toBeGreaterThan(before));
  });

  it("saves before a link elsewhere in the portal is followed, and asks when that fails", async () => {
    serveVersionedDraft();
    const user = await openLoaded();
    // The portal's menu: a link within the app, whose use is logged instead of followed.
    const { link, followed, remove } = appLink("/admin/studies", "Onderzoeken");
    try {
      await editBody(user);
      server().on("PUT /api/panel_message/2", {
        status: 503,
        body: { error: { code: 13, message: "x" } },
      });
      await user.click(link);
      const dialog = await screen.findByRole("dialog", { name: nl.leaveTitle });
      expect(followed).toEqual([]);
      await user.click(within(dialog).getByRole("button", { name: nl.stay }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(screen.getByRole("textbox", { name: nl.body }).innerHTML).toContain(
        "Tekst van bericht 2",
      );

      // Once the save goes through, the link is followed without a question.
      const puts: string[] = [];
      server().on("PUT /api/panel_message/2", (req) => {
        const { version, ...fields } = req.body as Partial<PanelMessageDto>;
        puts.push(String(fields.body));
        return { status: 200, body: { ...message(2), ...fields, version: (version ?? 1) + 1 } };
      });
      await user.click(link);
      await waitFor(() => expect(followed).toEqual(["/admin/studies"]));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(puts.at(-1)).toBe("<h2>Tekst van bericht 2</h2>");
    } finally {
      remove();
    }
  });

  it("keeps Send disabled until the message itself has loaded (the list's copy may be older)", async () => {
    const draft = serveVersionedDraft();
    server().on("GET /api/panel_message/2", () => ({
      status: 200,
      body: { ...draft.stored(), recipients_estimate: 3 },
      delayMs: 400,
    }));
    await openScreen("Bericht 2");
    const send = () => screen.getByRole("button", { name: nl.send });
    expect(send()).toHaveProperty("disabled", true);
    await waitFor(() => expect(send()).toHaveProperty("disabled", false));
  });
});
