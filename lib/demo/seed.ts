import "server-only";
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { panelMessages, panelUsers, staffUsers, studies, surveys } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { randomToken } from "@/lib/crypto/tokens";
import { defaultBlock, renumber } from "@/lib/surveys/editor-rules.shared";
import type { Block, BlockType, Step } from "@/lib/surveys/schema.shared";

/** True when the database holds no studies, staff or panel members yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*) from ${studies}) + (select count(*) from ${staffUsers}) + (select count(*) from ${panelUsers})`,
    })
    .from(sql`(select 1) as one`);
  return Number(row.n) === 0;
}

/** A block of `type` with that type's defaults (as the editor adds one) and these fields. */
function block<T extends BlockType>(
  type: T,
  data_name: string,
  fields: Partial<Extract<Block, { type: T }>>,
): Block {
  return { ...defaultBlock(type, { data_name }), ...fields } as Block;
}

/** The demo survey: two steps of two blocks (`renumber` numbers the blocks as written). */
function demoSteps(topic: string): Step[] {
  const options = ["Thuis", "Op het werk of op school", "Online", "Ergens anders"];
  return renumber([
    {
      order: 0,
      blocks: [
        block("text", "intro", {
          content: `<p>Deze vragenlijst gaat over ${topic}. Je antwoorden zijn anoniem.</p>`,
        }),
        block("scale", "ervaring", {
          question_text: "Hoe vaak heb je hiermee te maken gehad?",
          min_label: "Nooit",
          max_label: "Heel vaak",
        }),
      ],
    },
    {
      order: 1,
      blocks: [
        block("multiple_choice", "plek", {
          question_text: "Waar speelde dit zich af?",
          allow_multiple: true,
          options: options.map((text, order) => ({ order, text })),
        }),
        block("open_question", "toelichting", { question_text: "Wil je nog iets toelichten?" }),
      ],
    },
  ]);
}

const demoStudies = [
  {
    name: "Omstanders en ingrijpen",
    status: "open" as const,
    topic: "wat omstanders doen als ze grensoverschrijdend gedrag zien",
  },
  {
    name: "Praten over ervaringen thuis",
    status: "open" as const,
    topic: "vertellen over seksueel geweld aan familie",
  },
  {
    name: "Bedreiging met woorden",
    status: "finished" as const,
    topic: "dreigen met woorden",
  },
  { name: "Victim blaming online", status: "not_started" as const, topic: "victim blaming" },
  { name: "Interne pilot", status: "invisible" as const, topic: "een interne test" },
];

export const DEMO_ADMIN_EMAIL = "admin@example.org";

export type SeedResult = {
  /** Shown once by the caller: only its hash is stored. Null when the address was taken. */
  demoAdmin: { email: string; password: string } | null;
};

/** A random password that meets the password rules (upper, lower, digit; 128 bits). */
function demoPassword(): string {
  return `Demo-${randomToken(16)}-${randomInt(10, 100)}`;
}

/** Demo content for a newcomer's embedded database, with an admin to sign in as. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  const admin = { email: DEMO_ADMIN_EMAIL, password: demoPassword() };
  const passwordHash = await hashPassword(admin.password);
  let adminCreated = false;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(staffUsers)
      .values({
        email: admin.email,
        name: "Demo admin",
        passwordHash,
        isAdmin: true,
        isVerified: true,
      })
      .onConflictDoNothing({ target: staffUsers.email })
      .returning({ id: staffUsers.id });
    adminCreated = inserted.length > 0;
    for (const [i, s] of demoStudies.entries()) {
      const [study] = await tx
        .insert(studies)
        .values({
          name: s.name,
          status: s.status,
          shortDescription: `<p>Een onderzoek over ${s.topic}.</p>`,
          description: `<p>In dit onderzoek vragen we naar ${s.topic}. Meedoen duurt ongeveer tien minuten en is volledig anoniem.</p>`,
          createdAt: new Date(Date.now() - (demoStudies.length - i) * 86_400_000),
        })
        .returning({ id: studies.id });
      await tx.insert(surveys).values({ studyId: study.id, steps: demoSteps(s.topic) });
    }
    await tx.insert(panelUsers).values([
      {
        email: "deelnemer1@example.org",
        isVerified: true,
        stopNonce: randomToken(16),
        verifiedAt: new Date(),
      },
      {
        email: "deelnemer2@example.org",
        isVerified: true,
        stopNonce: randomToken(16),
        verifiedAt: new Date(),
        locale: "en",
      },
      { email: "deelnemer3@example.org", isVerified: false, stopNonce: randomToken(16) },
    ]);
    await tx.insert(panelMessages).values({
      subject: "Nieuw onderzoek gestart",
      body: "<p>Beste panellid,</p><p>Er is een nieuw onderzoek gestart. Je vindt het op de onderzoekspagina.</p>",
    });
  });
  return { demoAdmin: adminCreated ? admin : null };
}

/** The lines a seeding script prints once, right after the demo admin was created. */
export function demoAdminNotice({ demoAdmin }: SeedResult): string {
  if (!demoAdmin)
    return `The demo admin ${DEMO_ADMIN_EMAIL} already exists; its password is unchanged.`;
  return [
    "Demo admin account (shown only now; change the password on the account page):",
    `  e-mail:   ${demoAdmin.email}`,
    `  password: ${demoAdmin.password}`,
  ].join("\n");
}
