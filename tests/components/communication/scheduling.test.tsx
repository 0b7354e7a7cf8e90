import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DUE_GRACE_MS } from "@/components/admin/communication/use-refresh-when-due";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { resolveWallTime, wallTimeOf } from "@/lib/time/centre-time.shared";
import { messagesOf } from "../../support/render-intl";
import {
  message,
  nl,
  openScreen,
  openSendDialog,
  setUpCommunicationScreen,
} from "../../support/communication";

const { server, since, serveTwoMessages } = setUpCommunicationScreen();

describe("no empty send", () => {
  for (const [what, fields, text] of [
    ["the default subject", { subject: "new message" }, nl.sendNeedsSubject],
    ["no body", { body: "<p></p>" }, nl.sendNeedsBody],
    ["only blank paragraphs", { body: "<p> </p><p><br></p>" }, nl.sendNeedsBody],
  ] as const) {
    it(`refuses a message with ${what} before the confirmation opens`, async () => {
      const draft = message(2, fields);
      server().on("GET /api/panel_message", { status: 200, body: { items: [draft] } });
      server().on("GET /api/panel_message/2", {
        status: 200,
        body: { ...draft, recipients_estimate: 6 },
      });
      const user = await openScreen(draft.subject);
      await user.click(await screen.findByRole("button", { name: nl.send }));
      expect((await screen.findByRole("alert")).textContent).toBe(text);
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.queryByText(/6 geverifieerde deelnemers/)).toBeNull();
      expect(since(0).filter((r) => r.endsWith("/send"))).toEqual([]);
    });
  }
});

describe("scheduling", () => {
  it("sends the chosen Amsterdam time as unix seconds and shows the message scheduled", async () => {
    const { draft } = serveTwoMessages();
    let sent: unknown;
    server().on("POST /api/panel_message/2/send", (req) => {
      sent = req.body;
      const { send_at } = req.body as { send_at: number };
      return {
        status: 200,
        body: {
          ...draft,
          communication_status: "scheduled",
          scheduled_for: send_at,
        } satisfies PanelMessageDto,
      };
    });
    const user = await openScreen("Bericht 2");
    const dialog = await openSendDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: nl.schedule.later }));
    const date = wallTimeOf(new Date(Date.now() + 3 * 86_400_000)).date;
    const dateField = within(dialog).getByLabelText(nl.schedule.date);
    await user.clear(dateField);
    await user.type(dateField, date);
    const timeField = within(dialog).getByLabelText(nl.schedule.time);
    await user.clear(timeField);
    await user.type(timeField, "14:30");
    const expected = resolveWallTime(date, "14:30");
    expect(expected?.kind).toBe("exact");
    const sendAt = Math.floor((expected as { instant: Date }).instant.getTime() / 1000);
    expect(within(dialog).getByText(/Het wordt verzonden op .*14:30/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSchedule }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual({ send_at: sendAt, version: 1 });
    expect(await screen.findByText(/Ingepland voor .*14:30 \(Nederlandse tijd\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true);
    // Send, which opened the dialog, is disabled now: focus goes to the message's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { level: 2, name: "Bericht 2" }),
      ),
    );
  });

  it("says the time was too soon when the server's clock refuses it, not that the message is unfit", async () => {
    serveTwoMessages();
    server().on("POST /api/panel_message/2/send", {
      status: 400,
      body: {
        error: {
          code: 22,
          message: "Invalid input",
          fields: { send_at: "The sending time must be between one minute and 90 days from now" },
        },
      },
    });
    const user = await openScreen("Bericht 2");
    const dialog = await openSendDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: nl.schedule.later }));
    const dateField = within(dialog).getByLabelText(nl.schedule.date);
    await user.clear(dateField);
    await user.type(dateField, wallTimeOf(new Date(Date.now() + 86_400_000)).date);
    await user.click(within(dialog).getByRole("button", { name: nl.confirmSchedule }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain(nl.schedule.tooSoon);
    expect(alert.textContent).not.toContain(nl.sendInvalid);
  });

  it("starts afresh, sending now, each time the dialog opens", async () => {
    serveTwoMessages();
    const user = await openScreen("Bericht 2");
    let dialog = await openSendDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: nl.schedule.later }));
    await user.click(within(dialog).getByRole("button", { name: messagesOf.nl.common.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openSendDialog(user);
    expect(within(dialog).getByRole("radio", { name: nl.schedule.now })).toHaveProperty(
      "checked",
      true,
    );
    expect(within(dialog).queryByLabelText(nl.schedule.date)).toBeNull();
  });

  it("refuses a time too soon in the dialog itself", async () => {
    serveTwoMessages();
    const user = await openScreen("Bericht 2");
    const dialog = await openSendDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: nl.schedule.later }));
    const dateField = within(dialog).getByLabelText(nl.schedule.date);
    await user.clear(dateField);
    await user.type(dateField, wallTimeOf(new Date(Date.now() - 86_400_000)).date);
    expect(within(dialog).getByText(nl.schedule.tooSoon)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: nl.confirmSchedule })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("cancels a scheduled message back to a draft", async () => {
    const scheduled = message(2, {
      communication_status: "scheduled",
      scheduled_for: Math.floor(Date.now() / 1000) + 86_400,
    });
    server().on("GET /api/panel_message", { status: 200, body: { items: [scheduled] } });
    server().on("GET /api/panel_message/2", {
      status: 200,
      body: { ...scheduled, recipients_estimate: 3 },
    });
    server().on("POST /api/panel_message/2/cancel", {
      status: 200,
      body: { ...scheduled, communication_status: "not_sent", scheduled_for: null },
    });
    const user = await openScreen("Bericht 2");
    expect(await screen.findByText(/Ingepland voor/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: nl.cancelSchedule }));
    expect(await screen.findByText(nl.cancelled)).toBeTruthy();
    expect(screen.queryByText(/Ingepland voor/)).toBeNull();
    expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", false);
    // The cancel button went with the notice: focus goes to the message's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { level: 2, name: "Bericht 2" }),
      ),
    );
  });

  it("asks again once a scheduled message's time has come, and shows that it went", async () => {
    const scheduled = message(2, {
      communication_status: "scheduled",
      scheduled_for: Math.floor(Date.now() / 1000),
    });
    const sent = { ...scheduled, communication_status: "sent", scheduled_for: null };
    let asked = 0;
    server().on("GET /api/panel_message", { status: 200, body: { items: [scheduled] } });
    server().on("GET /api/panel_message/2", () => {
      asked += 1;
      // The first time it is asked again, the server is briefly away: it is asked once more.
      if (asked === 2) return { status: 503, body: { error: { code: 13, message: "x" } } };
      return {
        status: 200,
        body: { ...(asked === 1 ? scheduled : sent), recipients_estimate: 3, failure_reasons: [] },
      };
    });
    await openScreen("Bericht 2");
    expect(await screen.findByText(/Ingepland voor/)).toBeTruthy();
    // Nobody pressed anything: the detail asks by itself, shortly after the time.
    await waitFor(() => expect(screen.queryByText(/Ingepland voor/)).toBeNull(), {
      timeout: 2 * DUE_GRACE_MS + 5_000,
    });
    expect(screen.queryByRole("button", { name: nl.cancelSchedule })).toBeNull();
    expect(asked).toBe(3);
  }, 30_000);

  it("says why a message that came to its time was not sent", async () => {
    const failed = message(2, { communication_status: "failed", failure_reason: "no_recipients" });
    server().on("GET /api/panel_message", { status: 200, body: { items: [failed] } });
    server().on("GET /api/panel_message/2", {
      status: 200,
      body: { ...failed, failure_reasons: [] },
    });
    await openScreen("Bericht 2");
    expect(await screen.findByText(nl.failedNoRecipients)).toBeTruthy();
    // Nothing went out: it cannot be sent again, but it can be deleted.
    expect(screen.getByRole("button", { name: nl.send })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: nl.delete })).toHaveProperty("disabled", false);
  });
});
