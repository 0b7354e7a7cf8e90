import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MyAnswers } from "@/components/survey/my-answers";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const t = messagesOf.en.survey.myAnswers;
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

const server = setUpApiTestServer();

describe("deleting one's answers on /my-answers", () => {
  it("says they are deleted when a second press finds them gone (the first one's answer lost)", async () => {
    server().on("POST /api/survey/response/lookup", {
      status: 200,
      body: { study_name: "Omstanders", submitted_on: "2026-11-20", answers: [] },
    });
    // The first delete went through, but its answer never came back as a success.
    server().on("POST /api/survey/response/delete", {
      status: 503,
      body: { error: { code: 13, message: "Database unavailable" } },
    });
    renderIntl(<MyAnswers />, "en");
    fireEvent.change(screen.getByLabelText(t.tokenLabel), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole("button", { name: t.lookup }));
    fireEvent.click(await screen.findByRole("button", { name: t.delete }));
    const dialog = await screen.findByRole("dialog", { name: t.confirmTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: t.confirm }));
    expect(await screen.findByRole("alert")).toBeTruthy();

    server().on("POST /api/survey/response/delete", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    fireEvent.click(await screen.findByRole("button", { name: t.delete }));
    const again = await screen.findByRole("dialog", { name: t.confirmTitle });
    fireEvent.click(within(again).getByRole("button", { name: t.confirm }));
    expect(await screen.findByText(t.deleted)).toBeTruthy();
    expect(screen.queryByText(t.notFound)).toBeNull();
  });
});
