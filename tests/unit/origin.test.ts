import { beforeEach, describe, expect, it, vi } from "vitest";

// The origin check reads two settings; both proxy modes are set here per test, without a
// database or a route (the integration suites run it through the wrapper, once per mode).
const settings = { appOrigin: "https://panel.example.org", trustProxy: false };
vi.mock("@/config", () => ({ getConfig: () => settings }));

const { isAllowedOrigin } = await import("@/lib/http/origin");

function post(url: string, headers: Record<string, string>): Request {
  return new Request(url, { method: "POST", headers });
}

describe("isAllowedOrigin", () => {
  beforeEach(() => {
    settings.trustProxy = false;
  });

  it("without a trusted proxy, compares with the Host header and the request's own scheme", () => {
    const url = "http://10.0.0.5:3000/api/x";
    expect(isAllowedOrigin(post(url, { origin: "http://intra:3000", host: "intra:3000" }))).toBe(
      true,
    );
    expect(isAllowedOrigin(post(url, { origin: "https://intra:3000", host: "intra:3000" }))).toBe(
      false,
    );
    // X-Forwarded-* are the client's own words here.
    expect(
      isAllowedOrigin(
        post(url, {
          origin: "https://evil.example",
          host: "intra:3000",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
        }),
      ),
    ).toBe(false);
  });

  it("refuses when there is no host to compare with, whatever the Origin", () => {
    for (const trustProxy of [false, true]) {
      settings.trustProxy = trustProxy;
      // new URL("http://null").origin is "http://null": no host must not read as the host "null".
      expect(isAllowedOrigin(post("http://10.0.0.5/api/x", { origin: "http://null" }))).toBe(false);
      expect(isAllowedOrigin(post("http://10.0.0.5/api/x", { origin: "http://10.0.0.5" }))).toBe(
        false,
      );
    }
  });

  it("accepts the configured origin whatever the Host", () => {
    const req = post("http://10.0.0.5/api/x", {
      origin: "https://panel.example.org",
      host: "10.0.0.5",
    });
    expect(isAllowedOrigin(req)).toBe(true);
  });

  it("behind a trusted proxy, believes X-Forwarded-Host and X-Forwarded-Proto", () => {
    settings.trustProxy = true;
    const headers = {
      origin: "https://public.example",
      host: "10.0.0.5",
      "x-forwarded-host": "public.example",
      "x-forwarded-proto": "https",
    };
    expect(isAllowedOrigin(post("http://10.0.0.5/api/x", headers))).toBe(true);
  });
});
