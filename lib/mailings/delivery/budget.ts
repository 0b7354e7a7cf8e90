import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rowsOf } from "@/db/rows";

/**
 * The site-wide provider request budget (table `mail_send_budget`, one row). Each request
 * reserves the next free slot, 1/rate seconds after the previous one, with one atomic upsert:
 * concurrent senders in any number of app instances queue on that row, so together they never
 * exceed the rate. Times are the database's clock, and each sender only learns how long to wait,
 * so instances whose clocks differ still keep the spacing.
 */
const BUDGET_ROW = 1;

/** Reserves a slot for one provider request; resolves to how long to wait before making it. */
export async function reserveSlot(ratePerSecond: number): Promise<number> {
  const db = await getDb();
  const seconds = 1 / ratePerSecond;
  const [row] = rowsOf<{ wait_ms: number }>(
    await db.execute(sql`
      insert into mail_send_budget as b (id, next_slot)
      values (${BUDGET_ROW}, clock_timestamp() + make_interval(secs => ${seconds}::float8))
      on conflict (id) do update
        set next_slot = greatest(b.next_slot, clock_timestamp()) + make_interval(secs => ${seconds}::float8)
      returning greatest(
        0,
        extract(epoch from (b.next_slot - clock_timestamp())) * 1000 - ${seconds * 1000}::float8
      )::float8 as wait_ms`),
  );
  return Number(row.wait_ms);
}

/** How long until the next slot is free, without taking it. */
export async function slotWaitMs(): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ wait_ms: number }>(
    await db.execute(sql`
      select greatest(0, extract(epoch from (next_slot - clock_timestamp())) * 1000)::float8 as wait_ms
      from mail_send_budget where id = ${BUDGET_ROW}`),
  );
  return row ? Number(row.wait_ms) : 0;
}

/**
 * Holds every sender back for `ms` (the provider said 429, or that its window is used up):
 * no slot is handed out before then.
 */
export async function pauseSending(ms: number): Promise<Date> {
  const db = await getDb();
  const [row] = rowsOf<{ until_ms: number }>(
    await db.execute(sql`
    insert into mail_send_budget as b (id, next_slot)
    values (${BUDGET_ROW}, clock_timestamp() + make_interval(secs => ${ms / 1000}::float8))
    on conflict (id) do update
      set next_slot = greatest(b.next_slot, clock_timestamp() + make_interval(secs => ${ms / 1000}::float8))
    returning (extract(epoch from next_slot) * 1000)::float8 as until_ms`),
  );
  return new Date(Number(row.until_ms));
}
