/** Referral codes: one per business. */
import { count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessSubscriptions, businesses, referralCodes } from '../../db/schema'

/** The business behind a code, with its subscription (to tell whether it is still a customer). */
export async function findReferringBusiness(db: Db, code: string) {
  const rows = await db
    .select({ business: businesses, subscription: businessSubscriptions })
    .from(referralCodes)
    .innerJoin(businesses, eq(businesses.id, referralCodes.businessId))
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, businesses.id))
    .where(eq(referralCodes.code, code))
  return rows[0]
}

export async function insertReferralCode(db: Db, businessId: string, code: string) {
  const rows = await db
    .insert(referralCodes)
    .values({ businessId, code })
    .onConflictDoNothing({ target: referralCodes.code })
    .returning({ code: referralCodes.code })
  return rows[0]?.code
}

export async function referralCodeOf(db: Db, businessId: string) {
  const rows = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.businessId, businessId))
  return rows[0]?.code
}

/** How many businesses registered with this business's referral code. */
export async function referralsUsedBy(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(businesses)
    .where(eq(businesses.referredByBusinessId, businessId))
  return Number(row?.n ?? 0)
}
