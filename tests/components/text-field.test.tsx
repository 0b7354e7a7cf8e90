import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { CodeField } from "@/components/ui/code-field";
import { EmailField } from "@/components/ui/email-field";
import { PasswordField } from "@/components/ui/password-field";
import { SelectField, TextAreaField, TextField } from "@/components/ui/text-field";

function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe("TextField", () => {
  it("is labelled, and without an error is neither invalid nor described by one", () => {
    render(<TextField label="E-mailadres" type="email" />);
    const input = screen.getByRole("textbox", { name: "E-mailadres" });
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });

  it("announces its error: aria-invalid, and aria-describedby points at the error text", () => {
    render(
      <TextField
        label="Nieuw wachtwoord"
        description="Minstens 8 tekens"
        error="Je wachtwoord moet 8 tekens of meer hebben"
      />,
    );
    const input = screen.getByRole("textbox", { name: "Nieuw wachtwoord" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(input)).toEqual([
      "Minstens 8 tekens",
      "Je wachtwoord moet 8 tekens of meer hebben",
    ]);
  });

  it("hands its ref to the input, as `register` needs", () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="Naam" />);
    expect(ref.current).toBe(screen.getByRole("textbox", { name: "Naam" }));
  });

  it("keeps a given id, so a screen can focus the field by it", () => {
    render(<TextAreaField id="survey-q-0-1" label="Toelichting" error="Vul je antwoord in" />);
    const area = screen.getByRole("textbox", { name: "Toelichting" });
    expect(area.id).toBe("survey-q-0-1");
    expect(area.tagName).toBe("TEXTAREA");
    expect(describedBy(area)).toEqual(["Vul je antwoord in"]);
  });

  it("CodeField asks for digits and offers one-time codes", () => {
    render(<CodeField label="Code" error="Voer een 6-cijferige code in" />);
    const input = screen.getByRole("textbox", { name: "Code" });
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(describedBy(input)).toEqual(["Voer een 6-cijferige code in"]);
  });

  it("PasswordField offers the saved password unless it sets a new one", () => {
    render(
      <>
        <PasswordField label="Wachtwoord" />
        <PasswordField label="Nieuw wachtwoord" autoComplete="new-password" />
      </>,
    );
    const current = screen.getByLabelText("Wachtwoord");
    expect(current.getAttribute("type")).toBe("password");
    expect(current.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByLabelText("Nieuw wachtwoord").getAttribute("autocomplete")).toBe(
      "new-password",
    );
  });

  it("EmailField asks for an address, filled in as the caller says", () => {
    render(
      <EmailField label="E-mailadres" autoComplete="username" error="Vul je e-mailadres in" />,
    );
    const input = screen.getByRole("textbox", { name: "E-mailadres" });
    expect(input.getAttribute("type")).toBe("email");
    expect(input.getAttribute("inputmode")).toBe("email");
    expect(input.getAttribute("autocomplete")).toBe("username");
    expect(describedBy(input)).toEqual(["Vul je e-mailadres in"]);
  });
});

describe("SelectField", () => {
  it("is a labelled list of its options, with the given id and value", () => {
    render(
      <SelectField id="status" label="Status" value="b" onChange={() => {}}>
        <option value="a">Alle</option>
        <option value="b">Bevestigd</option>
      </SelectField>,
    );
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(select.id).toBe("status");
    expect(select.className).toBe("input");
    expect((select as HTMLSelectElement).value).toBe("b");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Alle", "Bevestigd"]);
    expect(select.hasAttribute("aria-invalid")).toBe(false);
  });

  it("announces its description and error like a text field", () => {
    render(
      <SelectField label="Actie" description="Welke handeling" error="Kies een actie">
        <option value="">Alle</option>
      </SelectField>,
    );
    const select = screen.getByRole("combobox", { name: "Actie" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(select)).toEqual(["Welke handeling", "Kies een actie"]);
  });
});
