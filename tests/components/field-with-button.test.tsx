import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FieldWithButton } from "@/components/ui/field-with-button";

describe("FieldWithButton", () => {
  it("labels the control and puts the button beside it, wrapping when asked", () => {
    const { rerender } = render(
      <FieldWithButton id="token" label="Je code">
        <input id="token" readOnly value="ABC" />
        <button type="button">Kopiëren</button>
      </FieldWithButton>,
    );
    const input = screen.getByLabelText("Je code");
    expect(input.id).toBe("token");
    const row = input.parentElement!;
    expect(row.className).toBe("flex gap-2");
    expect(row.contains(screen.getByRole("button", { name: "Kopiëren" }))).toBe(true);

    rerender(
      <FieldWithButton id="token" label="Je code" wrap>
        <input id="token" readOnly value="ABC" />
        <button type="button">Kopiëren</button>
      </FieldWithButton>,
    );
    expect(screen.getByLabelText("Je code").parentElement!.className).toBe("flex flex-wrap gap-2");
  });
});
