import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { call } from "../support/http";

describe("GET /api/health", () => {
  it("answers ok after a database round trip", async () => {
    const res = await call(GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
