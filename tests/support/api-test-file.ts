import { afterAll, beforeAll, beforeEach } from "vitest";
import { startApiTestServer, type ApiTestServer } from "./api-test-server";
import { browseTo } from "./render-intl";

/**
 * Sets up a component test file's API: one test server for the whole file, the page pointed at
 * it, and an empty request log before each test. Call it once, at the top; it returns the server.
 */
export function setUpApiTestServer(): () => ApiTestServer {
  let started: ApiTestServer | undefined;
  beforeAll(async () => {
    started = await startApiTestServer();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    server().requests.length = 0;
    browseTo(server().origin);
  });
  function server(): ApiTestServer {
    if (!started) throw new Error("the API server starts in beforeAll");
    return started;
  }
  return server;
}
