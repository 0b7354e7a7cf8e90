import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SubmitButton } from "@/components/ui/submit-button";

describe("SubmitButton", () => {
  it("is an enabled submit button while idle", () => {
    render(<SubmitButton>Opslaan</SubmitButton>);
    const button = screen.getByRole("button", { name: "Opslaan" });
    expect(button.getAttribute("type")).toBe("submit");
    expect(button).toHaveProperty("disabled", false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("is disabled and busy while pending, with the pending text when given", () => {
    render(
      <SubmitButton pending pendingLabel="Bezig met versturen…">
        Versturen
      </SubmitButton>,
    );
    const button = screen.getByRole("button", { name: "Bezig met versturen…" });
    expect(button).toHaveProperty("disabled", true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
  });

  it("stays disabled when disabled for another reason", () => {
    render(<SubmitButton disabled>Versturen</SubmitButton>);
    expect(screen.getByRole("button", { name: "Versturen" })).toHaveProperty("disabled", true);
  });
});
