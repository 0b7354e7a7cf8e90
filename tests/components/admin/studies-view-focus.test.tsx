import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf } from "../../support/render-intl";
import { listedStudy, openStudiesScreen, serveStudies } from "../../support/studies-screen";

const en = messagesOf.en.admin.studies;

const server = setUpApiTestServer();

const study = listedStudy;

beforeEach(() => serveStudies(server(), [study(7, "Omstanders"), study(8, "Thuis")], [9]));

const openStudy = (name: RegExp) => openStudiesScreen(name);

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
