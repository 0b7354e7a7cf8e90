import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { containerNodeMajor, runtimeLine } from "@/bench/runtime";

describe("the runtime a bench run names", () => {
  it("reads the container's Node major from this repository's Dockerfile", () => {
    expect(containerNodeMajor(readFileSync("Dockerfile", "utf8"))).toBe(24);
  });

  it("ignores a Dockerfile without the argument, or with a version that is not a major", () => {
    expect(containerNodeMajor("FROM node:24-bookworm-slim\n")).toBeUndefined();
    expect(containerNodeMajor("ARG NODE_VERSION=lts\n")).toBeUndefined();
  });

  const dockerfile = "# x\nARG NODE_VERSION=24\nFROM node:${NODE_VERSION}\n";

  it("names the container's runtime when the bench runs on it", () => {
    expect(runtimeLine("v24.21.0", dockerfile)).toBe("Node v24.21.0 (the container image's)");
  });

  it("says when the servers ran on another major, and how to measure the container's", () => {
    const line = runtimeLine("v20.20.2", dockerfile);
    expect(line).toContain("Node v20.20.2, not the Node 24 the container image runs");
    expect(line).toContain("npx -y -p node@24 -- npm run bench");
  });

  it("names the version alone when the Dockerfile names none", () => {
    expect(runtimeLine("v20.20.2", "FROM node:24\n")).toBe("Node v20.20.2");
  });
});
