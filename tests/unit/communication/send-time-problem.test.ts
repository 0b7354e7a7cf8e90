import { describe, expect, it } from "vitest";
import { sendTimeProblem } from "@/components/admin/communication/refusals";
import { MAX_SCHEDULE_AHEAD_SECONDS } from "@/lib/mailings/schemas.shared";

const refused = { code: 22, message: "Invalid input", fields: { send_at: "out of range" } };
const NOW = 1_800_000_000;

describe("sendTimeProblem", () => {
  it("names the end of the range a refused moment was nearer to", () => {
    expect(sendTimeProblem(refused, NOW + 120, NOW)).toBe("schedule.tooSoon");
    expect(sendTimeProblem(refused, NOW - 600, NOW)).toBe("schedule.tooSoon");
    expect(sendTimeProblem(refused, NOW + MAX_SCHEDULE_AHEAD_SECONDS - 60, NOW)).toBe(
      "schedule.tooLate",
    );
  });

  it("is null for a refusal that is not about the moment", () => {
    expect(sendTimeProblem({ code: 22, message: "Invalid input" }, NOW + 120, NOW)).toBeNull();
    expect(sendTimeProblem({ code: 18, message: "Already sent" }, undefined, NOW)).toBeNull();
  });
});
