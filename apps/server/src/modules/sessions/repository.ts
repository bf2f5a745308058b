/** Sessions and their refresh tokens: Drizzle queries only; the rules live in the service. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cachedRead } from '../../db/read-cache'
import {
  businessSubscriptions,
  businesses,
  refreshTokens,
  sessions,
  userPdfUsage,
  users,
} from '../../db/schema'
import { userWithSubscriptionColumns } from '../profile'

export type SessionRow = typeof sessions.$inferSelect
/** What a session needs to know about its user. */
export type SessionUser = Pick<
  typeof users.$inferSelect,
  'id' | 'businessId' | 'isPrimaryUser' | 'isActive'
>

const sessionUser = {
  id: users.id,
  businessId: users.businessId,
  isPrimaryUser: users.isPrimaryUser,
  isActive: users.isActive,
}

export async function insertSession(
  db: Db,
  values: typeof sessions.$inferInsert,
  refreshTokenHash: string,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning()
  await db
    .insert(refreshTokens)
    .values({ tokenHash: refreshTokenHash, sessionId: row!.id, createdAt: values.createdAt })
  return row!
}

/** What the guard needs of a session to judge it. */
const guardSession = {
  id: sessions.id,
  accessExpiresAt: sessions.accessExpiresAt,
  lastActivityAt: sessions.lastActivityAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  twoStepEnrolmentRequired: sessions.twoStepEnrolmentRequired,
}

export type GuardSession = Pick<
  SessionRow,
  | 'id'
  | 'accessExpiresAt'
  | 'lastActivityAt'
  | 'expiresAt'
  | 'revokedAt'
  | 'twoStepEnrolmentRequired'
>

function buildSessionLookup(db: Db) {
  return db
    .select({ session: guardSession, user: sessionUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, sql.placeholder('hash')))
    .prepare('session_lookup')
}

// Prepared once per database: every signed-in call runs it, and building it costs more than PGlite
// takes to answer it.
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>()

/**
 * The guard's read: the session an access token belongs to, with its user. A read only: the
 * activity write it needs about once a minute is `recordSessionActivity`, since a statement that
 * may write cost PGlite twice a plain read on every call; on PGlite it is answered from memory
 * until any other statement ends (db/read-cache.ts, docs/decisions/011-api-hot-path.md).
 */
export async function lookupSession(db: Db, hash: string) {
  let lookup = sessionLookups.get(db)
  if (!lookup) sessionLookups.set(db, (lookup = buildSessionLookup(db)))
  const rows = await cachedRead(() => lookup.execute({ hash }))
  return rows[0]
}

function buildSessionWithProfileLookup(db: Db) {
  return db
    .select({ session: guardSession, ...userWithSubscriptionColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, users.businessId))
    .leftJoin(userPdfUsage, eq(userPdfUsage.userId, users.id))
    .where(eq(sessions.accessTokenHash, sql.placeholder('hash')))
    .prepare('session_lookup_with_user')
}

const sessionWithProfileLookups = new WeakMap<
  Db,
  ReturnType<typeof buildSessionWithProfileLookup>
>()

/**
 * GET /auth/me's guard: the session lookup with everything the User answer shows (the user, the
 * business's name, its subscription, the user's own PDF count) in the same statement, so `me`
 * runs one statement where it ran two.
 */
export async function lookupSessionWithUser(db: Db, hash: string) {
  let lookup = sessionWithProfileLookups.get(db)
  if (!lookup) sessionWithProfileLookups.set(db, (lookup = buildSessionWithProfileLookup(db)))
  const rows = await cachedRead(() => lookup.execute({ hash }))
  return rows[0]
}

/** Moves a live session's last activity to `now` (never backwards, never on an ended session). */
export async function recordSessionActivity(db: Db, id: string, now: Date) {
  await db
    .update(sessions)
    .set({ lastActivityAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), lt(sessions.lastActivityAt, now)))
}

/** The session an access token belongs to, with its user. */
export async function findSessionByAccessHash(db: Db, accessTokenHash: string) {
  const rows = await db
    .select({ session: sessions, user: sessionUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, accessTokenHash))
  return rows[0]
}

export async function findSessionById(db: Db, id: string) {
  const rows = await db
    .select({ session: sessions, user: sessionUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
  return rows[0]
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
  return rows[0]
}

/**
 * Marks a refresh token as exchanged, only if it was still current: the one atomic step that
 * lets exactly one of two concurrent refreshes rotate. Returns its session id, or undefined.
 */
export async function claimRefreshToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ sessionId: refreshTokens.sessionId })
  return rows[0]?.sessionId
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, now: Date) {
  await db.insert(refreshTokens).values({ tokenHash, sessionId, createdAt: now })
}

export async function updateSession(
  db: Db,
  id: string,
  values: Partial<Pick<SessionRow, 'accessTokenHash' | 'accessExpiresAt' | 'lastActivityAt'>>,
) {
  await db.update(sessions).set(values).where(eq(sessions.id, id))
}

/** Revokes one session (if still live). */
export async function revokeSession(db: Db, id: string, reason: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
}

/** Revokes every live session of a user, except `keepSessionId` when given; returns how many. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id })
  return rows.length
}

/** Drops a user's sessions that ended before `before` (they are kept a while for support). */
export async function pruneEndedSessions(db: Db, userId: string, before: Date) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.revokedAt, before), lt(sessions.expiresAt, before)),
      ),
    )
}

/** The version of the user's drafts key (GET /auth/draft-key). */
export async function draftKeyVersionOf(db: Db, userId: string) {
  const rows = await db
    .select({ version: users.draftKeyVersion })
    .from(users)
    .where(eq(users.id, userId))
  return rows[0]?.version
}

/** A new drafts key version makes the drafts encrypted under the old one unreadable. */
export async function bumpDraftKeyVersion(db: Db, userId: string) {
  await db
    .update(users)
    .set({ draftKeyVersion: sql`${users.draftKeyVersion} + 1` })
    .where(eq(users.id, userId))
}

/** The user enrolled a second step: their sessions may do everything again. */
export async function clearTwoStepEnrolmentRequired(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ twoStepEnrolmentRequired: false })
    .where(and(eq(sessions.userId, userId), eq(sessions.twoStepEnrolmentRequired, true)))
}
