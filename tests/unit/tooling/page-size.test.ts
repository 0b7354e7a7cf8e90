import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sizeOf, sizesOf } from "@/bench/page-size";

/** The bench pairs pages by the size of their HTML, so a size must be a page's, never an error's. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/page") res.end("x".repeat(1234));
    else if (req.url === "/other") res.end("y".repeat(10));
    else {
      res.statusCode = 404;
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the bench's page sizes", () => {
  it("are the bytes of a page that answers 200", async () => {
    expect(await sizeOf(`${origin}/page`)).toBe(1234);
    expect([...(await sizesOf(origin, ["/other", "/page"])).entries()]).toEqual([
      ["/other", 10],
      ["/page", 1234],
    ]);
  });

  it("refuse a page that answers anything else, naming it and its status", async () => {
    await expect(sizeOf(`${origin}/missing`)).rejects.toThrow(/\/missing answered 404, not 200/);
    await expect(sizesOf(origin, ["/page", "/missing"])).rejects.toThrow(/404/);
  });
});
