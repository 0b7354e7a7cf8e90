import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SubmitButton } from "@/components/ui/submit-button";

describe("SubmitButton", () => {
  it("is an enabled submit button while idle", () => {
    render(<SubmitButton>Opslaan</SubmitButton>);
    const button = screen.getByRole("button", { name: "Opslaan" });
    expect(button.getAttribute("type")).toBe("submit");
    expect(button).toHaveProperty("disabled", false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });

  it("is busy and aria-disabled while pending, with the pending text when given", () => {
    render(
      <SubmitButton pending pendingLabel="Bezig met versturen…">
        Versturen
      </SubmitButton>,
    );
    const button = screen.getByRole("button", { name: "Bezig met versturen…" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
  });

  it("keeps focus while pending (not the disabled attribute), and a press then does nothing", async () => {
    const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const clicked = vi.fn();
    function Form() {
      const [pending, setPending] = useState(false);
      return (
        <form
          onSubmit={(event) => {
            submitted(event);
            setPending(true);
          }}
        >
          <input aria-label="E-mailadres" />
          <SubmitButton pending={pending} onClick={clicked}>
            Versturen
          </SubmitButton>
        </form>
      );
    }
    render(<Form />);
    const button = screen.getByRole("button", { name: "Versturen" });
    await userEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(button).toHaveProperty("disabled", false);
    expect(document.activeElement).toBe(button);
    // Pressed again, or Enter in a field (which clicks the form's submit button): not sent twice.
    await userEvent.click(button);
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it("stays disabled when disabled for another reason", () => {
    render(<SubmitButton disabled>Versturen</SubmitButton>);
    expect(screen.getByRole("button", { name: "Versturen" })).toHaveProperty("disabled", true);
  });
});
