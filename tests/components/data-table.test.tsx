import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable, dataCell } from "@/components/ui/data-table";

describe("DataTable", () => {
  const columns = [{ label: "Naam" }, { label: "Acties", align: "end" as const }];

  it("names the table by its caption and heads every column", () => {
    render(
      <DataTable caption="Bijlagen van dit onderzoek" columns={columns}>
        <tr>
          <td className={dataCell}>info.pdf</td>
          <td className={dataCell}>…</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole("table", { name: "Bijlagen van dit onderzoek" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Naam", "Acties"]);
    expect(headers.every((h) => h.getAttribute("scope") === "col")).toBe(true);
    expect(headers[1].className).toContain("text-right");
    expect(within(table).getByRole("cell", { name: "info.pdf" })).toBeTruthy();
    expect(table.parentElement?.hasAttribute("aria-busy")).toBe(false);
  });

  it("marks the rows busy while a newer page loads", () => {
    render(
      <DataTable caption="Panelleden" columns={columns} busy>
        <tr>
          <td>1</td>
          <td />
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole("table", { name: "Panelleden" });
    expect(table.parentElement?.getAttribute("aria-busy")).toBe("true");
  });
});
