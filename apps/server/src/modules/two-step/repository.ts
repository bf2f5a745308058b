/** Two-step sign-in: Drizzle queries only; the rules live in the service files beside it. */
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { authChallenges, businesses, passkeys, recoveryCodes, userTotp } from '../../db/schema'

export type TotpRow = typeof userTotp.$inferSelect
export type PasskeyRow = typeof passkeys.$inferSelect
export type ChallengeRow = typeof authChallenges.$inferSelect
export type ChallengeKind = ChallengeRow['kind']

// ---------------------------------------------------------------------------------------------
// Authenticator app

export async function findTotp(db: Db, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId))
  return row
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one. */
export async function upsertPendingTotp(db: Db, userId: string, secretSealed: string, now: Date) {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed, createdAt: now, lastUsedStep: null },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId })
  return rows.length === 1
}

/**
 * Records `step` as used, only if no later or equal step was: the single statement that makes a
 * code usable once even when two requests race. Confirms the app on its first code.
 */
export async function claimTotpStep(db: Db, userId: string, step: number, now: Date) {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step, confirmedAt: sql`coalesce(${userTotp.confirmedAt}, ${now})` })
    .where(
      and(
        eq(userTotp.userId, userId),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId })
  return rows.length === 1
}

export async function deleteTotp(db: Db, userId: string) {
  const rows = await db
    .delete(userTotp)
    .where(eq(userTotp.userId, userId))
    .returning({ confirmedAt: userTotp.confirmedAt })
  return rows.some((r) => r.confirmedAt !== null)
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  if (hashes.length > 0)
    await db
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
}

/** Spends a code once: of two racing sign-ins with one code, one gets it. */
export async function claimRecoveryCode(db: Db, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return rows.length === 1
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

/** How many recovery codes the user has, used and not, and when they were issued. */
export async function recoveryCodeSummary(db: Db, userId: string) {
  const rows = await db
    .select({ usedAt: recoveryCodes.usedAt, createdAt: recoveryCodes.createdAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
  const used = rows.filter((r) => r.usedAt !== null).length
  return { issuedAt: rows[0]?.createdAt ?? null, used, unused: rows.length - used }
}

// ---------------------------------------------------------------------------------------------
// Passkeys

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId))
  return row
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning()
  return row
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, now: Date) {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id))
}

export async function deletePasskey(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  return rows.length === 1
}

// ---------------------------------------------------------------------------------------------
// Everything at once

/** What second steps a user has: a confirmed authenticator app, passkeys, unused recovery codes. */
export async function enrolment(db: Db, userId: string) {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})`,
      recovery: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) as one`)
  return {
    totp: Boolean(row?.totp),
    passkeys: Number(row?.passkeys ?? 0),
    recovery: Number(row?.recovery ?? 0),
  }
}

/** Removes every second step of a user (the account holder's reset). */
export async function deleteAllSecondSteps(db: Db, userId: string) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId))
  await db.delete(passkeys).where(eq(passkeys.userId, userId))
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}

// ---------------------------------------------------------------------------------------------
// Sign-ins in progress

export async function insertChallenge(
  db: Db,
  values: typeof authChallenges.$inferInsert & { createdAt: Date },
) {
  // Lapsed ones go first: the table holds only sign-ins minutes old.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, values.createdAt))
  const [row] = await db.insert(authChallenges).values(values).returning()
  return row!
}

export async function findChallenge(db: Db, tokenHash: string, kind: ChallengeKind, now: Date) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, tokenHash),
        eq(authChallenges.kind, kind),
        gt(authChallenges.expiresAt, now),
      ),
    )
  return row
}

export async function setChallenge(db: Db, id: string, challenge: string) {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id))
}

/** Counts a wrong code on the sign-in; answers the count after it. */
export async function countChallengeAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts })
  return row?.attempts ?? Number.MAX_SAFE_INTEGER
}

/** Ends a sign-in in progress; true for the one caller that ended it (single use). */
export async function deleteChallenge(db: Db, id: string) {
  const rows = await db
    .delete(authChallenges)
    .where(eq(authChallenges.id, id))
    .returning({ id: authChallenges.id })
  return rows.length === 1
}

export async function deleteUserChallenges(db: Db, userId: string) {
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), isNotNull(authChallenges.userId)))
}

// ---------------------------------------------------------------------------------------------
// The practice's requirement

export async function businessRequiresTwoStep(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTwoStep: businesses.requireTwoStep })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return row?.requireTwoStep ?? false
}

export async function setBusinessRequiresTwoStep(db: Db, businessId: string, value: boolean) {
  await db.update(businesses).set({ requireTwoStep: value }).where(eq(businesses.id, businessId))
}
