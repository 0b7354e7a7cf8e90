import net from "node:net";
import { expect, test } from "@playwright/test";

/**
 * The e2e server keeps idle connections open (tests/support/e2e/serve.ts): with Node's default
 * of 5 s it closed them just as a test's API client reused one after a pause of that length,
 * which failed that request with "read ECONNRESET".
 */
test("the server keeps an idle kept-alive connection open past Node's default 5 s", async ({
  baseURL,
}) => {
  const { hostname, port } = new URL(baseURL!);
  const socket = net.connect(Number(port), hostname);
  let closedAt: number | null = null;
  socket.on("close", () => (closedAt = Date.now()));
  const answered = new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (text.includes("\r\n\r\n") && text.includes('"status":"ok"')) resolve(text);
    });
  });
  socket.write(
    `GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`,
  );
  expect(await answered).toMatch(/^HTTP\/1\.1 200/);
  // The connection has to sit idle for longer than the old timeout: nothing to wait on but time.
  await new Promise((resolve) => setTimeout(resolve, 6_500));
  expect(closedAt).toBeNull();
  socket.destroy();
});
