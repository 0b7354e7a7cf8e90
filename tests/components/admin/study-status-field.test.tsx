import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudyStatusField } from "@/components/admin/studies/study-status-field";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";
import { studyDto } from "../../support/study-dto";

const en = messagesOf.en.admin.studies;
const server = setUpApiTestServer();
const puts = () => server().requests.filter((r) => r.method === "PUT");

function renderField() {
  const study = studyDto({ status: "not_started" });
  server().on("PUT /api/study/7", (req) => ({
    status: 200,
    body: { ...study, ...(req.body as object) },
  }));
  let saved: StudyDto | null = null;
  renderIntl(
    <StudyStatusField
      study={study}
      onChange={(s) => (saved = s)}
      error={null}
      onError={() => {}}
    />,
    "en",
  );
  const select = screen.getByLabelText(en.statusLabel) as HTMLSelectElement;
  /** An arrow pressed on the closed field: Chrome on Linux and Windows changes it at once. */
  const step = (to: string) => {
    fireEvent.keyDown(select, { key: "ArrowDown" });
    fireEvent.change(select, { target: { value: to } });
  };
  return { select, step, saved: () => saved };
}

describe("the study's status field, stepped through with the keyboard", () => {
  it("saves nothing on the way, and the status stepped to once the focus leaves", async () => {
    const { select, step, saved } = renderField();
    select.focus();
    step("open");
    step("finished");
    expect(select.value).toBe("finished");
    await new Promise((r) => setTimeout(r, 50));
    expect(puts()).toEqual([]);
    fireEvent.blur(select);
    await waitFor(() => expect(puts().map((p) => p.body)).toEqual([{ status: "finished" }]));
    await waitFor(() => expect(saved()?.status).toBe("finished"));
  });

  it("saves it on Enter, and Escape takes a step back to the stored status", async () => {
    const { select, step } = renderField();
    step("open");
    fireEvent.keyDown(select, { key: "Escape" });
    expect(select.value).toBe("not_started");
    fireEvent.blur(select);
    step("invisible");
    fireEvent.keyDown(select, { key: "Enter" });
    await waitFor(() => expect(puts().map((p) => p.body)).toEqual([{ status: "invisible" }]));
  });

  it("saves a status picked with the mouse or from the open list at once", async () => {
    const { select } = renderField();
    fireEvent.change(select, { target: { value: "open" } });
    await waitFor(() => expect(puts().map((p) => p.body)).toEqual([{ status: "open" }]));
  });

  it("saves at once a pick from the list opened with Space, or after a step that changed nothing", async () => {
    const { select } = renderField();
    // Space opens the list, which takes the keys while it is open; the pick comes later.
    fireEvent.keyDown(select, { key: " " });
    await new Promise((r) => setTimeout(r, 10));
    fireEvent.change(select, { target: { value: "finished" } });
    await waitFor(() => expect(puts().map((p) => p.body)).toEqual([{ status: "finished" }]));
    // ArrowUp on the first option changes nothing; a mouse pick after it is no step.
    fireEvent.keyDown(select, { key: "ArrowUp" });
    await new Promise((r) => setTimeout(r, 10));
    fireEvent.change(select, { target: { value: "invisible" } });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body).toEqual({ status: "invisible" });
  });

  it("keeps showing the status stepped to while its save is on its way", async () => {
    const { select, step } = renderField();
    let answer: (() => void) | undefined;
    server().on(
      "PUT /api/study/7",
      (req) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { ...studyDto(), ...(req.body as object) } });
        }),
    );
    step("finished");
    fireEvent.blur(select);
    await waitFor(() => expect(answer).toBeDefined());
    expect(select.value).toBe("finished");
    answer!();
    await waitFor(() => expect(puts()).toHaveLength(1));
  });
});
