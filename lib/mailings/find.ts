import "server-only";
import { eq } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { panelMessages, type PanelMessage } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";

/** The message with this id, or code 14. */
export async function findMessage(id: number, tx?: DbOrTx): Promise<PanelMessage> {
  const executor = await dbOr(tx);
  const [row] = await executor.select().from(panelMessages).where(eq(panelMessages.id, id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return row;
}
