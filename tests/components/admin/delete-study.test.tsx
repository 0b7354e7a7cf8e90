import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DeleteStudyDialog } from "@/components/admin/studies/delete-study-dialog";
import { Toasts } from "@/components/ui/toasts";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { studyDto } from "../../support/study-dto";

const en = messagesOf.en.admin.studies;

const server = setUpApiTestServer();

describe("deleting a study", () => {
  it("sends one delete for Enter pressed twice in a row", async () => {
    const study = studyDto({ id: 7, name: "Omstanders" });
    server().on("DELETE /api/study/7", { status: 200, body: {}, delayMs: 100 });
    let deleted = 0;
    renderIntl(
      <DeleteStudyDialog
        study={study}
        open
        onOpenChange={() => {}}
        onDeleted={() => (deleted += 1)}
      />,
      "en",
    );
    const field = screen.getByLabelText(en.deleteTypeName);
    fireEvent.change(field, { target: { value: "Omstanders" } });
    fireEvent.keyDown(field, { key: "Enter" });
    fireEvent.keyDown(field, { key: "Enter" });
    await waitFor(() => expect(deleted).toBe(1));
    expect(server().requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
  });

  it("takes a study deleted elsewhere meanwhile (404 code 14) off the list, saying so", async () => {
    const study = studyDto({ id: 7, name: "Omstanders" });
    server().on("DELETE /api/study/7", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    let deleted = 0;
    renderIntl(
      <>
        <DeleteStudyDialog
          study={study}
          open
          onOpenChange={() => {}}
          onDeleted={() => (deleted += 1)}
        />
        <Toasts />
      </>,
      "en",
    );
    const field = screen.getByLabelText(en.deleteTypeName);
    fireEvent.change(field, { target: { value: "Omstanders" } });
    fireEvent.keyDown(field, { key: "Enter" });
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText(en.alreadyDeleted)).toBeTruthy();
  });
});
