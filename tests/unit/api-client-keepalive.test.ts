import { afterEach, describe, expect, it, vi } from "vitest";
import { api, fitsKeepalive, KEEPALIVE_MAX_BYTES } from "@/lib/api-client.shared";

afterEach(() => vi.restoreAllMocks());

/** The `keepalive` flag `api` handed to fetch for a PUT of `body` asked to outlive the page. */
async function keepaliveSentFor(body: unknown): Promise<boolean | undefined> {
  const fetched = vi
    .spyOn(globalThis, "fetch")
    .mockResolvedValue(new Response("{}", { headers: { "content-type": "application/json" } }));
  await api("/api/x", { method: "PUT", body, keepalive: true });
  return fetched.mock.calls.at(-1)?.[1]?.keepalive;
}

describe("a request asked to outlive the page", () => {
  it("keeps the browser's keepalive only for a body the browser would take with it", async () => {
    expect(await keepaliveSentFor({ text: "short" })).toBe(true);
    // Over the limit the browser would fail it unsent: it goes as an ordinary request.
    expect(await keepaliveSentFor({ text: "x".repeat(KEEPALIVE_MAX_BYTES) })).toBe(false);
  });

  it("measures the body in bytes, as the browser does", () => {
    const ascii = "a".repeat(KEEPALIVE_MAX_BYTES);
    expect(fitsKeepalive(ascii)).toBe(true);
    expect(fitsKeepalive(`${ascii}a`)).toBe(false);
    // Three bytes each in UTF-8: a third as many characters already reach the limit.
    expect(fitsKeepalive("€".repeat(KEEPALIVE_MAX_BYTES / 3))).toBe(true);
    expect(fitsKeepalive("€".repeat(KEEPALIVE_MAX_BYTES / 3 + 1))).toBe(false);
    expect(fitsKeepalive(undefined)).toBe(true);
  });
});
