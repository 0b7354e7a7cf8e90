import "server-only";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/** Binary column; postgres.js yields Buffer, PGlite Uint8Array, so both are normalised to Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Staff and their sessions
// ---------------------------------------------------------------------------------------------

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull().default(""),
    // Null while an invited member has not chosen a password yet.
    passwordHash: text("password_hash"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    // AES-256-GCM ciphertext (key derived from APP_SECRET); set while enabling and once enabled.
    totpSecret: text("totp_secret"),
    // When the pending (not yet confirmed) secret was made: setup shows the same one until it
    // is confirmed or 15 minutes have passed. Null once two-factor is on, or when none is pending.
    totpPendingSince: timestamp("totp_pending_since", { withTimezone: true }),
    // Last accepted TOTP time step, so a code can never be used twice.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // Wrong second-factor codes at sign-in since the last right one; the tenth locks the step.
    secondFactorFailures: integer("second_factor_failures").notNull().default(0),
    // Until then the second-factor step of sign-in refuses this account (429 code 23).
    secondFactorLockedUntil: timestamp("second_factor_locked_until", { withTimezone: true }),
    // The language the account holder last used the portal in: mails about the account use it.
    locale: text("locale").notNull().default("nl"),
    createdAt: createdAt(),
  },
  (t) => [check("staff_users_email_lower", sql`${t.email} = lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 (hex) of the cookie token; the token itself is never stored.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** A password step that succeeded for an account with two-factor on, awaiting its code. */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId)],
);

export const tokenPurpose = pgEnum("token_purpose", ["reset", "invite"]);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    purpose: tokenPurpose("purpose").notNull().default("reset"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Panel members
// ---------------------------------------------------------------------------------------------

/**
 * Whether mail reaches a member: `bounced` once the mail provider reported a permanent bounce or
 * suppressed the address. Bounced members get no panel message until it is cleared.
 */
export const memberDeliveryStatus = pgEnum("member_delivery_status", ["ok", "bounced"]);

export const panelUsers = pgTable(
  "panel_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    isVerified: boolean("is_verified").notNull().default(false),
    locale: text("locale").notNull().default("nl"),
    verificationHash: text("verification_hash"),
    verificationExpiresAt: timestamp("verification_expires_at", { withTimezone: true }),
    // Random value mixed into the HMAC stop token; rotating it would invalidate old stop links.
    stopNonce: text("stop_nonce").notNull(),
    createdAt: createdAt(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    deliveryStatus: memberDeliveryStatus("delivery_status").notNull().default("ok"),
    // The provider's sub-type of the bounce or suppression (e.g. "Suppressed", "General"), never
    // its message text, which can quote the address.
    bounceKind: text("bounce_kind"),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
  },
  (t) => [
    check("panel_users_email_lower", sql`${t.email} = lower(${t.email})`),
    index("panel_users_unverified_created_idx")
      .on(t.createdAt)
      .where(sql`${t.isVerified} = false`),
    // One index per member list filter (lib/panel/filters.ts), with the same predicate, so a
    // filtered page walks only the members it shows. The first also selects a send's recipients.
    index("panel_users_recipients_idx")
      .on(t.id)
      .where(sql`${t.isVerified} = true and ${t.deliveryStatus} = 'ok'`),
    index("panel_users_unverified_idx")
      .on(t.id)
      .where(sql`${t.isVerified} = false and ${t.deliveryStatus} = 'ok'`),
    index("panel_users_bounced_idx")
      .on(t.id)
      .where(sql`${t.deliveryStatus} = 'bounced'`),
  ],
);

/**
 * How many panel members there are per block of 1,024 ids, kept by statement triggers on
 * panel_users (written by hand in the migrations: 0001 and 0002, and the one that added the
 * verified and bounced counts). The member list takes its total from here instead of
 * counting every row, and finds the block a page starts in, so it never walks more than one
 * block of the index. Each block is spread over 16 slots (id % 16) so concurrent sign-ups, which
 * get neighbouring ids, rarely wait for the same row.
 */
export const panelUserCounts = pgTable(
  "panel_user_counts",
  {
    bucket: integer("bucket").notNull(),
    slot: smallint("slot").notNull(),
    members: bigint("members", { mode: "number" }).notNull().default(0),
    // Of those: verified and not bounced (the recipients of a send), and bounced. The rest are
    // unverified.
    verified: bigint("verified", { mode: "number" }).notNull().default(0),
    bounced: bigint("bounced", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.slot] })],
);

export const memberMailKind = pgEnum("member_mail_kind", ["verification", "already_member"]);

/**
 * The mail a sign-up owes its address, kept until the provider has taken it (lib/panel/
 * member-mail*.ts): written in the sign-up's own statement, sent right after the answer, retried
 * in the background when the provider is away. One per member: a newer sign-up replaces it.
 * `token_sealed` is the verification link's token, encrypted under APP_SECRET (the member row
 * keeps only its hash), so a retry sends the same link; the row is deleted once sent.
 */
export const panelMemberMails = pgTable(
  "panel_member_mails",
  {
    id: serial("id").primaryKey(),
    panelUserId: integer("panel_user_id")
      .notNull()
      .unique()
      .references(() => panelUsers.id, { onDelete: "cascade" }),
    kind: memberMailKind("kind").notNull(),
    // The hash of the token this mail was written for: its idempotency key, and what a sender
    // checks so that it never acts on a row a newer sign-up has replaced.
    tokenHash: text("token_hash").notNull(),
    tokenSealed: bytea("token_sealed"),
    // The address was bounced: the provider's suppression is lifted before the mail is sent.
    liftSuppression: boolean("lift_suppression").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Held by the request that wrote it (or a retrying sender) until then.
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("panel_member_mails_due_idx").on(t.nextAttemptAt)],
);

// ---------------------------------------------------------------------------------------------
// Studies, attachments, surveys and responses
// ---------------------------------------------------------------------------------------------

export const studyStatus = pgEnum("study_status", ["not_started", "open", "finished", "invisible"]);

export const studies = pgTable(
  "studies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""),
    status: studyStatus("status").notNull().default("not_started"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The number of responses at which an open study finishes itself; null: no limit. */
    responseLimit: integer("response_limit"),
    /** Unix seconds after which an open study reads as finished; null: no end date. */
    closesAt: bigint("closes_at", { mode: "number" }),
  },
  (t) => [
    index("studies_status_created_idx").on(t.status, t.createdAt),
    check("studies_response_limit_positive", sql`${t.responseLimit} >= 1`),
  ],
);

export const studyAttachments = pgTable(
  "study_attachments",
  {
    id: serial("id").primaryKey(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id, { onDelete: "cascade" }),
    originalFilename: text("original_filename").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("study_attachments_study_idx").on(t.studyId)],
);

export const editorImages = pgTable("editor_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  contentType: text("content_type").notNull(),
  fileSize: integer("file_size").notNull(),
  sha256: text("sha256").notNull(),
  data: bytea("data").notNull(),
  uploadedBy: integer("uploaded_by").references(() => staffUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const surveys = pgTable("surveys", {
  id: serial("id").primaryKey(),
  studyId: integer("study_id")
    .notNull()
    .unique()
    .references(() => studies.id, { onDelete: "cascade" }),
  surveyUuid: uuid("survey_uuid").notNull().unique().defaultRandom(),
  // Validated by the shared survey zod schema before every write.
  steps: jsonb("steps")
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  // Grows by one on every save; a save based on an older version is refused (no lost update).
  version: integer("version").notNull().default(0),
});

/**
 * Every question a survey has ever had, by data_name, with what it last looked like. Responses
 * keep the answers to questions that were later removed or renamed; the export reads its columns
 * from here (today's questions first, then these retired ones) before its first row, so no
 * answer is left without a column. Extended, never pruned, on every save of the survey; a name
 * only an autosave ever held (a default renamed before anyone answered) gets no column.
 */
export const surveyQuestions = pgTable(
  "survey_questions",
  {
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    dataName: text("data_name").notNull(),
    // When the name was first seen: the order of retired columns in the export.
    position: integer("position").notNull(),
    // The step (from 0) it was last in.
    step: integer("step").notNull(),
    type: text("type").notNull(),
    questionText: text("question_text").notNull(),
    // The question block as last saved (options, scale bounds and labels), for the codebook.
    definition: jsonb("definition").notNull(),
    // Some stored response was shown it: only then does a retired question get a column.
    inResponses: boolean("in_responses").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.dataName] })],
);

/**
 * Deliberately minimal: no IP, user agent, time of day or link to a panel member. Answers are
 * AES-256-GCM ciphertext under RESPONSES_KEY, which is kept outside the database.
 */
export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    submittedOn: date("submitted_on", { mode: "string" })
      .notNull()
      .default(sql`current_date`),
    answers: bytea("answers").notNull(),
    // 1: written before keyed hashes (token hash an unkeyed SHA-256, answers sealed without
    // associated data, key not recorded); 2: token hash an HMAC and answers bound to (id,
    // study id), both under the RESPONSES_KEY named by key_id. Both are read.
    version: smallint("version").notNull().default(1),
    // Id of the RESPONSES_KEY (lib/crypto/keyring.ts) behind every keyed value of the row.
    keyId: text("key_id"),
    // Keyed hash of the runner's submission id (the id itself is never stored), so a retried
    // submission finds its first row; null for responses sent without one.
    submissionHash: text("submission_hash"),
    // Keyed hash of the submission id and the canonical answers: tells a true retry (same
    // answers) from a second, different submission under the same id.
    answersHash: text("answers_hash"),
  },
  (t) => [
    // (study, id): the export reads a study's responses in pages by id without sorting them all.
    index("survey_responses_study_id_idx").on(t.studyId, t.id),
    // One response per submission id and survey: the race between parallel retries ends here.
    unique("survey_responses_submission_uq").on(t.studyId, t.submissionHash),
  ],
);

// ---------------------------------------------------------------------------------------------
// Panel messages and their deliveries
// ---------------------------------------------------------------------------------------------

export const communicationStatus = pgEnum("communication_status", [
  "not_sent",
  "queued",
  "sending",
  "sent",
  // Waiting for `scheduled_for`; becomes `queued` then, or `failed` with nobody to send to.
  "scheduled",
  "failed",
]);

export const panelMessages = pgTable(
  "panel_messages",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    body: text("body").notNull().default(""),
    communicationStatus: communicationStatus("communication_status").notNull().default("not_sent"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Kept in the same transactions that queue and mark deliveries, so the message list and the
    // progress view read three numbers instead of counting every delivery of every message.
    recipientsTotal: integer("recipients_total").notNull().default(0),
    deliveredCount: integer("delivered_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    // Mails the provider accepted and later reported as a permanent bounce or suppression.
    bouncedCount: integer("bounced_count").notNull().default(0),
    // When a scheduled message is to be sent; set only while it is `scheduled`.
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    // Why a message ended `failed` (e.g. "no_recipients").
    failureReason: text("failure_reason"),
    // Raised by every change of subject or body: a save or send based on an older one is refused
    // (409 code 27), so two tabs editing one draft cannot overwrite each other unseen.
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("panel_messages_created_idx").on(t.createdAt),
    index("panel_messages_scheduled_idx")
      .on(t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null`),
  ],
);

export const batchStatus = pgEnum("panel_message_batch_status", ["pending", "sent", "failed"]);

/**
 * One provider request of up to 100 mails, recorded before it is made, so a retry after a crash
 * or a timeout sends exactly the same request again: the same key and the same bytes. `payload`
 * (the rendered mails, gzipped JSON) holds addresses and stop links, so it is erased as soon as
 * the outcome is known. Its deliveries are the rows pointing here, in id order = payload order.
 */
export const panelMessageBatches = pgTable(
  "panel_message_batches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => panelMessages.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    payload: bytea("payload"),
    status: batchStatus("status").notNull().default("pending"),
    // Provider calls made that count towards the limit (rate limits and in-progress answers don't).
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    // Why the batch failed, or null once the provider accepted it.
    outcome: text("outcome"),
  },
  (t) => [
    index("panel_message_batches_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("panel_message_batches_message_idx").on(t.messageId),
  ],
);

export const deliveryStatus = pgEnum("delivery_status", ["pending", "sent", "failed"]);

export const panelMessageDeliveries = pgTable(
  "panel_message_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => panelMessages.id, { onDelete: "cascade" }),
    // Set null when the member leaves, so the message's counts survive without the person.
    panelUserId: integer("panel_user_id").references(() => panelUsers.id, { onDelete: "set null" }),
    status: deliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    providerId: text("provider_id"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    // The recorded provider request this delivery went out in; null until it is claimed.
    batchId: bigint("batch_id", { mode: "number" }).references(() => panelMessageBatches.id, {
      onDelete: "set null",
    }),
    // When the provider reported this mail as bounced or suppressed (counted once on the message).
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
  },
  (t) => [
    unique("panel_message_deliveries_message_user_uq").on(t.messageId, t.panelUserId),
    // What a sender claims next: pending rows not yet in a batch, message by message.
    index("panel_message_deliveries_unbatched_idx")
      .on(t.messageId, t.id)
      .where(sql`${t.status} = 'pending' and ${t.batchId} is null`),
    index("panel_message_deliveries_batch_idx").on(t.batchId),
    index("panel_message_deliveries_message_status_idx").on(t.messageId, t.status),
    index("panel_message_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("panel_message_deliveries_user_idx").on(t.panelUserId),
    // A provider event names the mail by the id the provider gave it.
    index("panel_message_deliveries_provider_idx")
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
  ],
);

/**
 * Provider events already handled, by the provider's message id (`svix-id`), so a redelivered
 * or replayed event changes nothing. Kept a week (lib/mailings/events/housekeeping.ts): far
 * longer than the five minutes a signature's timestamp is accepted for.
 */
export const mailProviderEvents = pgTable(
  "mail_provider_events",
  {
    id: text("id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_provider_events_received_idx").on(t.receivedAt)],
);

/**
 * The site-wide budget of provider requests: one row whose `next_slot` is the earliest moment
 * the next request may start. Every sender, in every app instance, reserves its slot here, so
 * MAIL_RATE_PER_SECOND holds for the whole site and a 429 pauses everyone.
 */
export const mailSendBudget = pgTable("mail_send_budget", {
  id: smallint("id").primaryKey(),
  nextSlot: timestamp("next_slot", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Rate limits, shared by every app instance
// ---------------------------------------------------------------------------------------------

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limits_window_idx").on(t.windowStart),
  ],
);

// ---------------------------------------------------------------------------------------------
// Audit log: what staff did, append-only and hash-chained (lib/audit, docs/audit.md)
// ---------------------------------------------------------------------------------------------

/**
 * One row per staff action. Actor id and e-mail are copied, not referenced: the log outlives
 * accounts. `hash` is SHA-256 over `prev_hash` and the row's canonical content (lib/audit/
 * chain.ts); ids are consecutive, as `audit_chain` hands them out. Triggers (migration 0008)
 * refuse UPDATE, TRUNCATE and any DELETE but the retention purge's.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: integer("target_id"),
    details: jsonb("details").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
  ],
);

/**
 * The chain's one head row (id 1): the last row's id and hash, and where the surviving chain
 * starts (the first id and the hash it follows; moved forward by the retention purge). Every
 * audit write locks this row first, so writes are serialised and ids leave no gaps.
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    id: smallint("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
    firstId: bigint("first_id", { mode: "number" }).notNull(),
    firstPrevHash: text("first_prev_hash").notNull(),
  },
  (t) => [check("audit_chain_one_row", sql`${t.id} = 1`)],
);

export type StaffUser = typeof staffUsers.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type PanelUser = typeof panelUsers.$inferSelect;
export type PanelMemberMail = typeof panelMemberMails.$inferSelect;
export type Study = typeof studies.$inferSelect;
export type StudyAttachment = typeof studyAttachments.$inferSelect;
export type Survey = typeof surveys.$inferSelect;
export type SurveyQuestion = typeof surveyQuestions.$inferSelect;
export type SurveyResponse = typeof surveyResponses.$inferSelect;
export type PanelMessage = typeof panelMessages.$inferSelect;
export type PanelMessageDelivery = typeof panelMessageDeliveries.$inferSelect;
export type PanelMessageBatch = typeof panelMessageBatches.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
