import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CodeField } from "@/components/ui/code-field";
import { TextAreaField, TextField } from "@/components/ui/text-field";

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
});
