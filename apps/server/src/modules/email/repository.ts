/** SMTP accounts and the email log. Drizzle queries only; every query names the owning user. */
import { and, asc, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emailLog, smtpAccounts, users } from '../../db/schema'

export type SmtpAccountRow = typeof smtpAccounts.$inferSelect
export type NewSmtpAccountRow = typeof smtpAccounts.$inferInsert
export type EmailLogRow = typeof emailLog.$inferSelect
export type NewEmailLogRow = typeof emailLog.$inferInsert

export async function listSmtpAccounts(db: Db, userId: string): Promise<SmtpAccountRow[]> {
  return db
    .select()
    .from(smtpAccounts)
    .where(eq(smtpAccounts.userId, userId))
    .orderBy(asc(smtpAccounts.createdAt), asc(smtpAccounts.id))
}

export async function findSmtpAccount(
  db: Db,
  userId: string,
  id: string,
): Promise<SmtpAccountRow | undefined> {
  const rows = await db
    .select()
    .from(smtpAccounts)
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.id, id)))
  return rows[0]
}

export async function findDefaultSmtpAccount(
  db: Db,
  userId: string,
): Promise<SmtpAccountRow | undefined> {
  const rows = await db
    .select()
    .from(smtpAccounts)
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.isDefault, true)))
  return rows[0]
}

export async function insertSmtpAccount(db: Db, row: NewSmtpAccountRow): Promise<SmtpAccountRow> {
  const rows = await db.insert(smtpAccounts).values(row).returning()
  return rows[0]!
}

export async function updateSmtpAccount(
  db: Db,
  userId: string,
  id: string,
  set: Partial<NewSmtpAccountRow>,
): Promise<SmtpAccountRow | undefined> {
  const rows = await db
    .update(smtpAccounts)
    .set(set)
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.id, id)))
    .returning()
  return rows[0]
}

export async function deleteSmtpAccount(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(smtpAccounts)
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.id, id)))
    .returning({ id: smtpAccounts.id })
  return rows.length > 0
}

/** Makes `id` the user's only default (call inside a transaction). */
export async function setDefaultSmtpAccount(db: Db, userId: string, id: string, now: Date) {
  await db
    .update(smtpAccounts)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.isDefault, true)))
  await db
    .update(smtpAccounts)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(smtpAccounts.userId, userId), eq(smtpAccounts.id, id)))
}

// ---------------------------------------------------------------------------------------------
// The email log

/** Inserts the row unless the user already used its idempotency key; returns it, or undefined. */
export async function claimEmailLog(db: Db, row: NewEmailLogRow): Promise<EmailLogRow | undefined> {
  const rows = await db
    .insert(emailLog)
    .values(row)
    .onConflictDoNothing({ target: [emailLog.userId, emailLog.idempotencyKey] })
    .returning()
  return rows[0]
}

export async function findEmailLogByKey(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<EmailLogRow | undefined> {
  const rows = await db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.userId, userId), eq(emailLog.idempotencyKey, idempotencyKey)))
  return rows[0]
}

export async function updateEmailLog(db: Db, id: string, set: Partial<NewEmailLogRow>) {
  await db.update(emailLog).set(set).where(eq(emailLog.id, id))
}

export async function deleteEmailLog(db: Db, id: string) {
  await db.delete(emailLog).where(eq(emailLog.id, id))
}

/** The user's rows, newest first, strictly after the cursor position. */
export async function listEmailLog(
  db: Db,
  userId: string,
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<EmailLogRow[]> {
  const position = after
    ? or(
        lt(emailLog.createdAt, after.createdAt),
        and(eq(emailLog.createdAt, after.createdAt), lt(emailLog.id, after.id)),
      )
    : undefined
  return db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.userId, userId), position))
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(limit)
}

/**
 * A failed send's row goes, so a retry of its key sends anew: nothing of it was accepted. Only a
 * `failed` row, so a racing retry that already claimed the key keeps it.
 */
export async function deleteFailedEmailLog(db: Db, userId: string, idempotencyKey: string) {
  await db
    .delete(emailLog)
    .where(
      and(
        eq(emailLog.userId, userId),
        eq(emailLog.idempotencyKey, idempotencyKey),
        eq(emailLog.status, 'failed'),
      ),
    )
}

const staleColumns = {
  id: emailLog.id,
  userId: emailLog.userId,
  businessId: emailLog.businessId,
  provider: emailLog.provider,
  recipientHashes: emailLog.recipientHashes,
}

/**
 * Rows left in `sending` since before `before`: those never handed to the provider (no
 * `messageId` yet) become `failed` with `interrupted`, the others `unknown`; returns both.
 */
export async function markStaleSends(
  db: Db,
  before: Date,
  set: {
    interrupted: { failure: string; failureMessage: string }
    unknown: { failure: string; failureMessage: string }
    finishedAt: Date
  },
) {
  const stale = and(eq(emailLog.status, 'sending'), lt(emailLog.createdAt, before))
  const interrupted = await db
    .update(emailLog)
    .set({ status: 'failed', ...set.interrupted, finishedAt: set.finishedAt })
    .where(and(stale, isNull(emailLog.messageId)))
    .returning(staleColumns)
  const unknown = await db
    .update(emailLog)
    .set({ status: 'unknown', ...set.unknown, finishedAt: set.finishedAt })
    .where(and(stale, isNotNull(emailLog.messageId)))
    .returning(staleColumns)
  return { interrupted, unknown }
}

/** The user's own name: the From name when none is saved. */
export async function userNameOf(db: Db, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  return row
}
