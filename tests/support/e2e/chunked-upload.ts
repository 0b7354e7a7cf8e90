import http from "node:http";

export type RawAnswer = { status: number; body: string };

/**
 * POSTs a multipart body of `fileBytes` with Transfer-Encoding: chunked, i.e. without a
 * Content-Length, the way a script streaming a file would. Writes respect backpressure, and
 * stop once the server has answered (it may refuse before the body is complete).
 */
export function chunkedUpload(
  url: string,
  headers: Record<string, string>,
  fileBytes: number,
  filename = "large.pdf",
): Promise<RawAnswer> {
  const boundary = `----e2e${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);

  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
      },
    });
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
      );
    });
    req.on("error", (error) => {
      // Once the answer is in, a connection closed under a write is expected.
      if (!answered) reject(error);
    });

    const waitForRoom = () =>
      new Promise<void>((done) => {
        const finish = () => {
          req.off("drain", finish);
          req.off("close", finish);
          req.off("response", finish);
          done();
        };
        req.on("drain", finish);
        req.on("close", finish);
        req.on("response", finish);
      });

    void (async () => {
      req.write(head);
      for (let sent = 8; sent < fileBytes && !answered && !req.destroyed;) {
        const size = Math.min(chunk.length, fileBytes - sent);
        const room = req.write(size === chunk.length ? chunk : chunk.subarray(0, size));
        sent += size;
        if (!room) await waitForRoom();
      }
      if (!answered && !req.destroyed) req.end(tail);
    })();
  });
}
