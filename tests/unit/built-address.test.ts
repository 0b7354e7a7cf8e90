import { describe, expect, it } from "vitest";
import {
  appUrlMismatch,
  buildAppUrlProblem,
  builtAppUrl,
  normalAppUrl,
} from "@/config/built-address";

describe("the site address a build bakes in", () => {
  it("a production build without APP_URL is refused, naming it", () => {
    for (const env of [{}, { APP_URL: "" }, { APP_URL: "   " }]) {
      expect(buildAppUrlProblem(env)).toMatch(/^APP_URL is not set/);
    }
    expect(buildAppUrlProblem({ APP_URL: "https://panel.example.org" })).toBeUndefined();
  });

  it("a server whose APP_URL differs from the build's is refused, with both addresses", () => {
    const problem = appUrlMismatch("https://panel.example.org", "https://other.example.org/");
    expect(problem).toContain("https://other.example.org,");
    expect(problem).toContain("rendered with https://panel.example.org");
  });

  it("the same address, written with or without a trailing slash, is no mismatch", () => {
    expect(
      appUrlMismatch("https://panel.example.org", "https://panel.example.org/"),
    ).toBeUndefined();
    expect(
      appUrlMismatch("https://panel.example.org/", "https://panel.example.org"),
    ).toBeUndefined();
    expect(normalAppUrl(" https://panel.example.org// ")).toBe("https://panel.example.org");
  });

  it("code run outside a build (tests, scripts) knows no built address and checks nothing", () => {
    expect(builtAppUrl()).toBeUndefined();
    expect(appUrlMismatch(undefined, "http://localhost:3000")).toBeUndefined();
  });
});
