import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";

describe("Alert and Spinner", () => {
  it("an error is an alert, read out at once", () => {
    render(<Alert tone="error">Verkeerd wachtwoord</Alert>);
    expect(screen.getByRole("alert").textContent).toBe("Verkeerd wachtwoord");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("info and success are polite statuses, with the title before the details", () => {
    render(
      <>
        <Alert tone="success" title="Gelukt">
          Je e-mailadres is bevestigd
        </Alert>
        <Alert tone="info" title="Onderzoek is gesloten" />
      </>,
    );
    const [success, info] = screen.getAllByRole("status");
    expect(success.textContent).toBe("GeluktJe e-mailadres is bevestigd");
    expect(info.textContent).toBe("Onderzoek is gesloten");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a spinner announces what is loading", () => {
    render(<Spinner label="Onderzoeken laden…" />);
    expect(screen.getByRole("status").textContent).toBe("Onderzoeken laden…");
  });
});
