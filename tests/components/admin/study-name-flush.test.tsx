import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mayLeaveScreens } from "@/components/ui/use-leave-guard";
import { setUpApiTestServer } from "../../support/api-test-file";
import { appLink } from "../../support/leaving";
import { messagesOf } from "../../support/render-intl";
import { listedStudy, openStudiesScreen, serveStudies } from "../../support/studies-screen";

const en = messagesOf.en.admin.studies;

const server = setUpApiTestServer();

const study = listedStudy;

describe("renaming a study, then leaving it", () => {
  beforeEach(() => serveStudies(server(), [study(7, "Omstanders"), study(8, "Thuis")]));

  async function renameThenChoose(other: string) {
    const { u, list } = await openStudiesScreen(/Omstanders/);
    await u.click(await screen.findByRole("button", { name: en.editName }));
    const field = screen.getByRole("textbox", { name: en.name });
    await u.clear(field);
    await u.type(field, "Omstanders en getuigen");
    await u.click(within(list).getByRole("button", { name: new RegExp(other) }));
    return list;
  }

  it("waits for the new name, and stays with the study when it could not be saved", async () => {
    server().on("PUT /api/study/7", {
      status: 401,
      body: { error: { code: 25, message: "Not signed in" } },
      delayMs: 200,
    });
    const list = await renameThenChoose("Thuis");
    // The switch waits: the reason is said and the reader asked; staying keeps the typed name.
    expect(await screen.findByText(/Your last changes are not saved yet/)).toBeTruthy();
    const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: en.stay }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const field = await screen.findByRole("textbox", { name: en.name });
    expect((field as HTMLInputElement).value).toBe("Omstanders en getuigen");
    expect(
      within(list)
        .getByRole("button", { name: /Omstanders/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("lets a study whose edit can never be saved be left, once the reader says so", async () => {
    // Deleted in another session meanwhile: every save of it is refused for good.
    server().on("PUT /api/study/7", {
      status: 404,
      body: { error: { code: 14, message: "Not found" } },
    });
    const list = await renameThenChoose("Thuis");
    const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: en.leave }));
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: /Thuis/ }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });

  it("goes on to the other study once the new name is stored", async () => {
    server().on("PUT /api/study/7", (req) => ({
      status: 200,
      body: { ...study(7, "Omstanders"), ...(req.body as object) },
      delayMs: 200,
    }));
    const list = await renameThenChoose("Thuis");
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: /Thuis/ }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    expect(within(list).getByRole("button", { name: /Omstanders en getuigen/ })).toBeTruthy();
    // The other study's pane has loaded (nothing of it is still on its way when the test ends).
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });
});

describe("a response limit typed and not saved, then another study", () => {
  beforeEach(() => serveStudies(server(), [study(7, "Omstanders"), study(8, "Thuis")]));

  async function typeLimitThenChoose(limit: string) {
    const { u, list } = await openStudiesScreen(/Omstanders/);
    await u.type(await screen.findByLabelText(en.closing.limit), limit);
    await u.click(within(list).getByRole("button", { name: /Thuis/ }));
    return list;
  }

  it("saves it first, as Save would, then opens the other study", async () => {
    server().on("PUT /api/study/7", (req) => ({
      status: 200,
      body: { ...study(7, "Omstanders"), ...(req.body as object) },
    }));
    const list = await typeLimitThenChoose("50");
    await waitFor(() =>
      expect(within(list).getByRole("button", { name: /Thuis/ }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    const puts = server().requests.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.body)).toEqual([{ response_limit: 50 }]);
    expect(await screen.findByText(en.attachments.none)).toBeTruthy();
  });

  it("stays, with the reason at the field, when what is typed cannot be saved", async () => {
    const list = await typeLimitThenChoose("0");
    // The reason is at the field; the toast points there rather than saying "invalid input".
    expect(
      await screen.findByText(en.unsavedOnSwitch.replace("{message}", en.unsavedAtField)),
    ).toBeTruthy();
    const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
    await userEvent.setup().click(within(dialog).getByRole("button", { name: en.stay }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const limit = screen.getByLabelText(en.closing.limit) as HTMLInputElement;
    expect(limit.value).toBe("0");
    expect(screen.getByText(en.closing.limitInvalid)).toBeTruthy();
    expect(server().requests.filter((r) => r.method === "PUT")).toEqual([]);
    expect(
      within(list)
        .getByRole("button", { name: /Omstanders/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });
});

describe("a link elsewhere in the portal while a study is open", () => {
  beforeEach(() => serveStudies(server(), [study(7, "Omstanders")]));

  it("saves the open study first, asks when that fails, and follows once it is stored", async () => {
    // The portal's menu: a link within the app, whose use is logged instead of followed.
    const { link, followed, remove } = appLink("/admin/communication", "Communicatie");
    try {
      const { u } = await openStudiesScreen(/Omstanders/);
      await u.click(await screen.findByRole("button", { name: en.editName }));
      const field = screen.getByRole("textbox", { name: en.name });
      await u.clear(field);
      await u.type(field, "Omstanders en getuigen");
      server().on("PUT /api/study/7", {
        status: 401,
        body: { error: { code: 25, message: "Not signed in" } },
      });

      await u.click(link);
      const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
      expect(followed).toEqual([]);
      await u.click(within(dialog).getByRole("button", { name: en.stay }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      const kept = await screen.findByRole("textbox", { name: en.name });
      expect((kept as HTMLInputElement).value).toBe("Omstanders en getuigen");

      // Once the save goes through, the link is followed without a question.
      const names: string[] = [];
      server().on("PUT /api/study/7", (req) => {
        names.push(String((req.body as { name?: string }).name));
        return { status: 200, body: { ...study(7, "Omstanders"), ...(req.body as object) } };
      });
      await u.click(link);
      await waitFor(() => expect(followed).toEqual(["/admin/communication"]));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(names.at(-1)).toBe("Omstanders en getuigen");
    } finally {
      remove();
    }
  });
});

describe("logging out while a study is open", () => {
  beforeEach(() => serveStudies(server(), [study(7, "Omstanders")]));

  it("saves the open study first, asks when that fails, and lets the log-out go once stored", async () => {
    const { u } = await openStudiesScreen(/Omstanders/);
    await u.click(await screen.findByRole("button", { name: en.editName }));
    const field = screen.getByRole("textbox", { name: en.name });
    await u.clear(field);
    await u.type(field, "Omstanders en getuigen");
    server().on("PUT /api/study/7", {
      status: 401,
      body: { error: { code: 25, message: "Not signed in" } },
    });

    // The user menu's log-out asks the screens first.
    const refused = mayLeaveScreens();
    const dialog = await screen.findByRole("dialog", { name: en.leaveTitle });
    await u.click(within(dialog).getByRole("button", { name: en.stay }));
    expect(await refused).toBe(false);
    const kept = await screen.findByRole("textbox", { name: en.name });
    expect((kept as HTMLInputElement).value).toBe("Omstanders en getuigen");

    const names: string[] = [];
    server().on("PUT /api/study/7", (req) => {
      names.push(String((req.body as { name?: string }).name));
      return { status: 200, body: { ...study(7, "Omstanders"), ...(req.body as object) } };
    });
    expect(await mayLeaveScreens()).toBe(true);
    expect(names.at(-1)).toBe("Omstanders en getuigen");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
