import { screen } from "@testing-library/react";
import axe from "axe-core";
import { Download, Mail, Trash2 } from "lucide-react";
import { describe, expect, it } from "vitest";
import { Alert } from "@/components/ui/alert";
import { CodeField } from "@/components/ui/code-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { RowActions } from "@/components/ui/row-actions";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { renderIntl } from "../support/render-intl";

/**
 * WCAG 2.2 AA rules, as the e2e suite runs them. Colours need a real browser and are left to it,
 * and so are Radix's focus guards (invisible spans at the page's edges that pass focus back into
 * an open dialog): without layout, happy-dom reports them as focusable hidden content, which
 * Chromium in the e2e suite does not.
 */
async function violations(): Promise<string[]> {
  const context = { include: [["body"]], exclude: [["[data-radix-focus-guard]"]] };
  const results = await axe.run(context, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

describe("the primitives by axe", () => {
  it("a page of fields in error, notices and badges has no violations", async () => {
    renderIntl(
      <main>
        <h1>Formulier</h1>
        <Alert tone="error">Verkeerd wachtwoord</Alert>
        <Alert tone="success" title="Gelukt">
          Opgeslagen
        </Alert>
        <Alert tone="info" title="Onderzoek is gesloten" />
        <Spinner label="Laden…" />
        <form aria-label="Voorbeeld">
          <TextField
            label="E-mailadres"
            description="Je werkadres"
            error="Voer je e-mailadres in"
          />
          <TextAreaField label="Toelichting" error="Vul je antwoord in" />
          <CodeField label="Code" />
          <SubmitButton pending>Opslaan</SubmitButton>
        </form>
        <StatusBadge tone="success">Verzonden</StatusBadge>
        <EmptyState>Geen berichten</EmptyState>
      </main>,
    );
    expect(await violations()).toEqual([]);
  });

  it("an open dialog with its error, and a confirmation, have none", async () => {
    const { unmount } = renderIntl(
      <Dialog
        open
        onOpenChange={() => {}}
        title="Wachtwoord wijzigen"
        description="Kies een nieuw wachtwoord"
        error="Verkeerd wachtwoord"
      >
        <TextField label="Huidig wachtwoord" type="password" />
      </Dialog>,
    );
    await screen.findByRole("dialog");
    expect(await violations()).toEqual([]);
    unmount();

    const confirmDialog = renderIntl(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Deelnemer verwijderen?"
        description="Dit kan niet ongedaan worden gemaakt."
        confirmLabel="Definitief verwijderen"
        tone="danger"
        pending
        error="Dit vereist dat je een admin bent"
        onConfirm={() => {}}
      />,
    );
    await screen.findByRole("dialog");
    expect(await violations()).toEqual([]);
    confirmDialog.unmount();

    renderIntl(
      <PasswordConfirmDialog
        open
        onOpenChange={() => {}}
        title="Medewerker verwijderen"
        description="Voer je wachtwoord in om te bevestigen."
        confirmLabel="Verwijderen"
        tone="danger"
        error="Verkeerd wachtwoord"
        onConfirm={() => {}}
      />,
    );
    await screen.findByRole("dialog");
    expect(await violations()).toEqual([]);
  });

  it("a table row's actions, as icons and as labelled buttons, have none", async () => {
    const noop = () => {};
    renderIntl(
      <main>
        <h1>Lijst</h1>
        <table>
          <caption>Bestanden en mensen</caption>
          <thead>
            <tr>
              <th scope="col">Naam</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>info.pdf</td>
              <td>
                <RowActions
                  rowName="info.pdf"
                  display="icons"
                  actions={[
                    { label: "downloaden", icon: Download, href: "/a/1", download: "info.pdf" },
                    { label: "verwijderen", icon: Trash2, tone: "danger", onClick: noop },
                  ]}
                />
              </td>
            </tr>
            <tr>
              <td>jan@example.org</td>
              <td>
                <RowActions
                  rowName="jan@example.org"
                  display="labels"
                  actions={[
                    {
                      label: "Uitnodiging opnieuw sturen",
                      icon: Mail,
                      onClick: noop,
                      disabled: true,
                    },
                    { label: "Verwijderen", icon: Trash2, tone: "danger", onClick: noop },
                  ]}
                />
              </td>
            </tr>
          </tbody>
        </table>
      </main>,
    );
    expect(await violations()).toEqual([]);
  });
});
