import type { Db } from "@/db/client";
import { seedDemo } from "@/db/seed";

/** What every e2e run starts with: the demo content (studies in every status, members, a draft). */
export async function prepareE2eData(db: Db): Promise<void> {
  await seedDemo(db);
}
