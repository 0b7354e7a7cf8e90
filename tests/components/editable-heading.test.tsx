import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { StudyName } from "@/components/admin/studies/study-name";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { setUpApiTestServer } from "../support/api-test-file";
import { asksBeforeUnload } from "../support/leaving";
import { renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const study = { id: 7, name: "Eerste studie" } as StudyDto;

/** The study pane's use of it: the heading names a region, the saved study replaces the old. */
function Pane() {
  const [current, setCurrent] = useState(study);
  return (
    <section aria-labelledby="study-heading">
      <StudyName study={current} headingId="study-heading" onSaved={setCurrent} />
    </section>
  );
}

const pencil = () => screen.getByRole("button", { name: "Naam bewerken" });
/** The texts a field's aria-describedby points at, joined. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
const field = () => screen.getByRole("textbox", { name: "Naam" });

describe("an editable heading (the study name)", () => {
  it("saves on Enter, shows the new name and returns focus to the pencil", async () => {
    server().on("PUT /api/study/7", (request) => ({
      status: 200,
      body: { ...study, name: (request.body as { name: string }).name },
      delayMs: 50,
    }));
    const user = userEvent.setup();
    renderIntl(<Pane />);
    await user.click(pencil());
    await user.clear(field());
    await user.type(field(), "  Tweede studie {Enter}");
    // Shown at once, before the answer.
    expect(screen.getByRole("heading", { name: "Tweede studie" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(pencil()));
    expect(server().requests).toEqual([
      expect.objectContaining({ method: "PUT", body: { name: "Tweede studie" } }),
    ]);
    expect(screen.getByRole("region", { name: "Tweede studie" })).toBeTruthy();
  });

  it("puts the stored name back on Escape and sends nothing", async () => {
    const user = userEvent.setup();
    renderIntl(<Pane />);
    await user.click(pencil());
    await user.type(field(), " weg{Escape}");
    expect(screen.getByRole("heading", { name: "Eerste studie" })).toBeTruthy();
    expect(document.activeElement).toBe(pencil());
    expect(server().requests).toEqual([]);
  });

  it("keeps the field open with the reason for an empty name, still naming the region", async () => {
    const user = userEvent.setup();
    renderIntl(<Pane />);
    await user.click(pencil());
    await user.clear(field());
    await user.keyboard("{Enter}");
    expect(describedBy(field())).toContain("Geef het onderzoek een naam");
    expect(screen.getByRole("region", { name: "Eerste studie" })).toBeTruthy();
    expect(server().requests).toEqual([]);
  });

  it("reopens the field with the typed name and the server's reason when the save is refused", async () => {
    server().on("PUT /api/study/7", {
      status: 404,
      body: { error: { code: 14, message: "Model not found" } },
    });
    const user = userEvent.setup();
    renderIntl(<Pane />);
    await user.click(pencil());
    await user.clear(field());
    await user.type(field(), "Derde studie");
    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>("textbox").value).toBe("Derde studie"),
    );
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(field())).toContain("Niet gevonden");
    expect(screen.getByRole("heading", { name: "Eerste studie" })).toBeTruthy();
    // The field was left, so it has no focus to read its reason out: the live region says it.
    expect(document.activeElement).not.toBe(field());
    expect(document.querySelector("[aria-live=polite]")?.textContent).toContain("Niet gevonden");
  });

  it("asks before the page is reloaded or closed while a typed name is not stored", async () => {
    server().on("PUT /api/study/7", (req) => ({
      status: 200,
      body: { ...study, ...(req.body as object) },
    }));
    const asks = asksBeforeUnload;
    const user = userEvent.setup();
    renderIntl(<Pane />);
    await user.click(pencil());
    // Open but unchanged: nothing to lose.
    expect(asks()).toBe(false);
    await user.type(field(), " twee");
    expect(asks()).toBe(true);
    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "Eerste studie twee" });
    await waitFor(() => expect(asks()).toBe(false));
  });
});
