import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import postgresEsm from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, onPostgres } from "../support/robustness/postgres";

/**
 * The Postgres driver (postgres.js 3.4.9, patched by patches/postgres+3.4.9.patch) answers every
 * query with its own result or an error, also when the server drops connections. Without the
 * patch: a query after one that failed mid-stream (an error or a terminated backend after some
 * rows) got a result with holes in front, so `const [row] = rows` found nothing and a survey was
 * "not found"; the next query on a terminated connection failed with the old backend's error; a
 * write deferred when the connection dropped kept the connection from ever writing again; a
 * transaction went on running its statements on the connection after the pool had reconnected
 * it for someone else; and a write to the dropped socket threw past every caller.
 */
const driverRoot = path.resolve("node_modules/postgres");
const postgresCjs = createRequire(import.meta.url)(
  path.join(driverRoot, "cjs/src/index.js"),
) as typeof postgresEsm;
const builds = [
  ["ES module build", postgresEsm],
  ["CommonJS build", postgresCjs],
] as const;

type Sql = ReturnType<typeof postgresEsm>;

/** A file's code from its main function on: the imports before it differ between the builds. */
function codeOf(build: string, file: string, from: string): string {
  const text = readFileSync(path.join(driverRoot, build, "src", file), "utf8");
  expect(text, `${build}/src/${file}`).toContain(from);
  return text.slice(text.indexOf(from));
}

describe("the Postgres driver's copies", () => {
  it("carry the same code, so the patch reaches the CommonJS and Workers builds too", () => {
    for (const [file, from] of [
      ["connection.js", "function Connection("],
      ["index.js", "function Postgres("],
    ]) {
      const esm = codeOf(".", file, from);
      expect(codeOf("cjs", file, from), file).toBe(esm);
      expect(codeOf("cf", file, from), file).toBe(esm);
    }
  });
});

describe.runIf(onPostgres)("the Postgres driver when queries fail or connections drop", () => {
  let url = "";
  let admin: Sql;
  const clients: Sql[] = [];

  beforeAll(async () => {
    url = await databaseUrl();
    admin = postgresEsm(url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end({ timeout: 1 })));
    await admin?.end({ timeout: 1 });
  });

  function connect(
    build: typeof postgresEsm,
    options: Parameters<typeof postgresEsm>[1] = {},
  ): Sql {
    const client = build(url, { max: 1, onnotice: () => {}, fetch_types: false, ...options });
    clients.push(client);
    return client;
  }

  async function terminate(pid: number): Promise<void> {
    await admin`select pg_terminate_backend(${pid})`;
  }

  /** Rows of about 1 kB each: the server sends the first ones before it reaches the 60th. */
  const slowStream = (sql: Sql) =>
    sql`select n, case when n = 60 then pg_sleep(2)::text else repeat('x', 1000) end as pad
        from generate_series(1, 100) n`;

  for (const [name, build] of builds) {
    describe(name, () => {
      it("answers the query after one that failed mid-stream with exactly its own rows", async () => {
        const sql = connect(build);
        const failed = await sql`select n, 1 / (4 - n) as boom from generate_series(1, 10) n`
          .then(() => null)
          .catch((e: { code?: string }) => e.code);
        expect(failed).toBe("22012");
        const rows = await sql`select ${7}::int as n`;
        expect(rows.length).toBe(1);
        expect(rows[0]).toEqual({ n: 7 });
      });

      it("fails the query whose backend was terminated mid-stream, then answers the next ones", async () => {
        const sql = connect(build);
        const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
        const streaming = slowStream(sql).then(
          () => null,
          (e: { code?: string }) => e.code,
        );
        // Wait until the server is in the middle of it (sleeping at row 60), then terminate it.
        await waitFor(async () => {
          const [row] = await admin<{ waiting: boolean }[]>`
            select wait_event = 'PgSleep' as waiting from pg_stat_activity where pid = ${pid}`;
          return row?.waiting === true;
        });
        await terminate(pid);
        expect(await streaming).toMatch(/^(57P01|CONNECTION_CLOSED|ECONNRESET)$/);
        for (const n of [8, 9, 10]) {
          const rows = await sql.unsafe("select $1::int as n", [n]).values();
          expect(rows).toEqual([[n]]);
        }
      });

      it("writes again on a connection that dropped while a write was waiting to be sent", async () => {
        let current: net.Socket | null = null;
        // The driver's `socket` option (a factory for each connection's socket) is left out of
        // its type declarations; the test holds the socket to close it at a chosen moment.
        const openSocket = ({ host, port }: { host: string[]; port: number[] }) =>
          (current = net.connect(port[0], host[0]));
        const sql = connect(build, {
          connect_timeout: 3,
          ...({ socket: openSocket } as object),
        });
        expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
        // Inside a setImmediate callback, a small write is put off to the next one, and the
        // socket's close arrives before that: the state a busy server's dropped connection leaves.
        const interrupted = await new Promise<unknown>((resolve) =>
          setImmediate(() => {
            const query = sql`select 2 as two`.then(resolve, resolve);
            current?.destroy();
            return query;
          }),
        );
        expect(interrupted).toBeInstanceOf(Error);
        const started = Date.now();
        expect(await sql`select 3 as three`).toEqual([{ three: 3 }]);
        expect(Date.now() - started).toBeLessThan(2_000);
      });

      it("runs nothing more of a transaction whose connection dropped", async () => {
        const sql = connect(build);
        let inTransaction: unknown = "not run";
        const transaction = sql
          .begin(async (tx) => {
            const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
            await terminate(pid);
            // The pool reconnects the connection for another query while the transaction
            // still holds it; what the transaction sends next must not run there.
            await waitFor(async () => (await other.catch(() => null)) !== null);
            inTransaction = await tx`select ${"transaction"}::text as v`.then(
              (rows) => rows,
              (e: { code?: string }) => e.code,
            );
          })
          .catch((e: { code?: string }) => e.code);
        const other = new Promise<unknown>((resolve) => setTimeout(resolve, 300)).then(
          () => sql`select ${"other"}::text as v`,
        );
        expect(await transaction).toMatch(/^(CONNECTION_CLOSED|57P01|ECONNRESET)$/);
        expect(await other).toEqual([{ v: "other" }]);
        await waitFor(async () => inTransaction !== "not run");
        expect(String(inTransaction)).toMatch(/^(CONNECTION_CLOSED|57P01|ECONNRESET)$/);
        expect(await sql`select ${"after"}::text as v`).toEqual([{ v: "after" }]);
      });

      it("rejects queries on a reserved connection whose backend was terminated, and the pool goes on", async () => {
        // Ten rounds: whether the socket's error or its close comes first differs from round to
        // round, and a query handed over between the two used to wait forever.
        for (let round = 0; round < 10; round++) {
          const sql = connect(build);
          // Reserved from an open connection: with fetch_types off, a reserve() that has to open
          // one waits forever (a separate driver defect; the application reserves nothing).
          await sql`select 1`;
          const reserved = await sql.reserve();
          const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
          await terminate(pid);
          await waitFor(
            async () =>
              (await admin`select 1 from pg_stat_activity where pid = ${pid}`).length === 0,
          );
          // The second is over the driver's 1 kB threshold, so it is written at once.
          const outcomes = await Promise.allSettled([
            reserved`select 1 as one`,
            reserved`select ${"x".repeat(2048)} as big`,
          ]);
          for (const outcome of outcomes) {
            expect(outcome.status).toBe("rejected");
            const reason = (outcome as PromiseRejectedResult).reason as { code?: string };
            expect(reason.code).toMatch(/^(CONNECTION_CLOSED|CONNECTION_ENDED|ECONNRESET|57P01)$/);
          }
          reserved.release();
          // Released before the pool saw the close, the connection may take one more query: it
          // gets its own answer or the connection's error, never silence.
          const next = await sql`select 4 as four`.then(
            (rows) => rows,
            (e: { code?: string }) => e.code,
          );
          if (typeof next === "string")
            expect(next).toMatch(/^(CONNECTION_CLOSED|ECONNRESET|57P01)$/);
          else expect(next).toEqual([{ four: 4 }]);
          expect(await sql`select 5 as five`).toEqual([{ five: 5 }]);
        }
      }, 30_000);
    });
  }

  it("answers every query with its own result while backends are terminated under load", async () => {
    await admin`create table driver_ten (n int primary key)`;
    await admin`insert into driver_ten select generate_series(1, 10)`;
    const sql = connect(postgresEsm, { max: 10 });
    const wrong: string[] = [];
    let succeeded = 0;
    let failed = 0;
    let counter = 0;

    async function oneQuery(): Promise<void> {
      const n = ++counter;
      try {
        switch (n % 4) {
          case 0: {
            const rows = await sql.unsafe("select $1::int as n", [n]).values();
            if (rows.length !== 1 || rows[0]?.[0] !== n) wrong.push(`select ${n}: ${show(rows)}`);
            break;
          }
          case 1: {
            const rows = await sql`select n from driver_ten where n <= ${10} order by n`;
            if (rows.length !== 10 || rows.some((r, i) => r?.n !== i + 1))
              wrong.push(`ten rows: ${show(rows)}`);
            break;
          }
          case 2: {
            // Long enough to be cut off in the middle by a termination.
            const rows =
              await sql`select n, repeat('x', 200) as pad from generate_series(1, 2000) n`;
            if (rows.length !== 2000 || rows.some((r, i) => r?.n !== i + 1))
              wrong.push(`2000 rows: ${rows.length}`);
            break;
          }
          default: {
            const rows = await sql.begin(async (tx) => {
              await tx`select n from driver_ten where n = ${(n % 10) + 1}`;
              return tx`select ${n}::int as n`;
            });
            if (rows.length !== 1 || rows[0]?.n !== n)
              wrong.push(`transaction ${n}: ${show(rows)}`);
          }
        }
        succeeded++;
      } catch {
        failed++;
      }
    }

    let running = true;
    let terminated = 0;
    const killer = (async () => {
      while (running) {
        const rows = await admin<{ ok: boolean }[]>`
          select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
        terminated += rows.filter((r) => r.ok).length;
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const workers = Array.from({ length: 30 }, async () => {
      while (running) await oneQuery();
    });
    await new Promise((r) => setTimeout(r, 6_000));
    running = false;
    await Promise.all([killer, ...workers]);

    expect(wrong).toEqual([]);
    expect(terminated).toBeGreaterThan(20);
    expect(failed).toBeGreaterThan(0);
    expect(succeeded).toBeGreaterThan(0);
    // Once the terminations stop, every query succeeds again.
    await waitFor(async () => {
      const probes = await Promise.allSettled(Array.from({ length: 10 }, () => sql`select 1`));
      return probes.every((p) => p.status === "fulfilled");
    }, 30_000);
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sql.unsafe("select $1::int as n", [i]).values()),
    );
    expect(after).toEqual(Array.from({ length: 20 }, (_, i) => [[i]]));
  }, 60_000);
});

function show(rows: unknown): string {
  return JSON.stringify(rows).slice(0, 200);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
