import "server-only";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { dbOr, getDb, transaction, type DbOrTx } from "@/db/client";
import { panelUserCounts, panelUsers } from "@/db/schema";
import { blockCount, statusCondition } from "./filters";
import type { PanelUserDto, PanelUserList, PanelUserStatus } from "./schemas.shared";
import { toPanelUserDto } from "./serialize";

/** Ids per block in panel_user_counts; must match the triggers of migration 0002. */
export const COUNT_BLOCK_SIZE = 1024;

type Block = { block: number; members: number };

/**
 * Members (of one filter, or all) per non-empty block of ids, newest block first (about 100
 * rows per 100,000 members).
 */
async function memberBlocks(db: DbOrTx, status?: PanelUserStatus): Promise<Block[]> {
  const members = blockCount(status);
  const rows = await db
    .select({ block: panelUserCounts.bucket, members })
    .from(panelUserCounts)
    .groupBy(panelUserCounts.bucket)
    .having(gt(members, sql`0`))
    .orderBy(desc(panelUserCounts.bucket));
  return rows.map((r) => ({ block: r.block, members: Number(r.members) }));
}

/** The member count (of one filter, or all) from the trigger-kept blocks, however large the panel. */
export async function countPanelUsers(db: DbOrTx, status?: PanelUserStatus): Promise<number> {
  return (await memberBlocks(db, status)).reduce((sum, b) => sum + b.members, 0);
}

/** How many members a send would reach now: verified and not bounced. */
export async function countRecipients(tx?: DbOrTx): Promise<number> {
  return countPanelUsers(await dbOr(tx), "verified");
}

/**
 * Where the page `offset` rows below the newest member starts: below which id to look and how
 * many ids to skip there. Found from the block counts, so the index walk that follows skips
 * fewer than one block's worth of ids, whichever page is asked for.
 */
function pageStart(blocks: Block[], offset: number): { belowId: number; skip: number } {
  let above = 0;
  for (const { block, members } of blocks) {
    if (above + members > offset)
      return { belowId: (block + 1) * COUNT_BLOCK_SIZE, skip: offset - above };
    above += members;
  }
  return { belowId: 0, skip: 0 };
}

const listedColumns = {
  id: panelUsers.id,
  email: panelUsers.email,
  isVerified: panelUsers.isVerified,
  createdAt: panelUsers.createdAt,
  deliveryStatus: panelUsers.deliveryStatus,
  bounceKind: panelUsers.bounceKind,
};

/**
 * GET /api/panel_user: one page of members (of one filter, or all), newest first (by id, which
 * never changes, so pages are stable), with the totals. A page past the end is empty with the
 * right totals. Counts and page come from one snapshot, so they agree even while people join or
 * leave. Two small queries whatever the page and filter: measured here with 100,000 members at
 * a few milliseconds a page (BENCHMARKS.md).
 */
export async function listPanelUsers(
  page: number,
  perPage: number,
  status?: PanelUserStatus,
  tx?: DbOrTx,
): Promise<PanelUserList> {
  return transaction(
    tx,
    async (tx) => {
      const blocks = await memberBlocks(tx, status);
      const total = blocks.reduce((sum, b) => sum + b.members, 0);
      const offset = (page - 1) * perPage;
      let items: PanelUserDto[] = [];
      if (offset < total) {
        const { belowId, skip } = pageStart(blocks, offset);
        const below = lt(panelUsers.id, belowId);
        const rows = await tx
          .select(listedColumns)
          .from(panelUsers)
          .where(status ? and(below, statusCondition[status]) : below)
          .orderBy(desc(panelUsers.id))
          .limit(perPage)
          .offset(skip);
        items = rows.map(toPanelUserDto);
      }
      return {
        items,
        meta: {
          total_items: total,
          total_pages: Math.ceil(total / perPage),
          page,
          per_page: perPage,
        },
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * POST /api/panel_user/search: the member with exactly this address (already trimmed and
 * lower-cased, as addresses are stored), in the list's shape: one item or none.
 */
export async function searchPanelUsers(email: string, perPage: number): Promise<PanelUserList> {
  const db = await getDb();
  const rows = await db
    .select(listedColumns)
    .from(panelUsers)
    .where(eq(panelUsers.email, email))
    .limit(1);
  return {
    items: rows.map(toPanelUserDto),
    meta: { total_items: rows.length, total_pages: rows.length, page: 1, per_page: perPage },
  };
}
