/** Sessions and their refresh tokens: Drizzle queries only; the rules live in the service. */
import { and, eq, exists, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { refreshTokens, sessions, users } from '../../db/schema'

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

/**
 * The guard's one statement: the session an access token belongs to, with its user, and — only
 * while that session is still valid and its recorded activity is not after `writeBefore` — the
 * activity moved to `now`. The read sees the row as it was before the write (one snapshot), so
 * the caller judges idleness on the previous activity. `idleBefore` is `now` minus the idle
 * timeout; the validity conditions are the service's `sessionEndReason`, written in SQL.
 */
type SessionLookup = { hash: string; now: Date; idleBefore: Date; writeBefore: Date }

function buildSessionLookup(db: Db) {
  const now = sql.placeholder('now')
  const touch = db.$with('touch').as(
    db
      .update(sessions)
      .set({ lastActivityAt: sql`${now}` })
      .where(
        and(
          eq(sessions.accessTokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.accessExpiresAt, now),
          gt(sessions.lastActivityAt, sql.placeholder('idleBefore')),
          lte(sessions.lastActivityAt, sql.placeholder('writeBefore')),
          exists(
            db
              .select({ one: sql`1` })
              .from(users)
              .where(and(eq(users.id, sessions.userId), eq(users.isActive, true))),
          ),
        ),
      )
      .returning({ id: sessions.id }),
  )
  return db
    .with(touch)
    .select({ session: sessions, user: sessionUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, sql.placeholder('hash')))
    .prepare('session_lookup')
}

// Prepared once per database: every signed-in call runs it, and building it costs more than PGlite
// takes to answer it.
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>()

export async function lookupSession(db: Db, params: SessionLookup) {
  let lookup = sessionLookups.get(db)
  if (!lookup) sessionLookups.set(db, (lookup = buildSessionLookup(db)))
  const rows = await lookup.execute(params)
  return rows[0]
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
