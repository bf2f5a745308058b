/**
 * The waitlist: joining answers success whether or not the email was
 * already there (no duplicate row, no second email); the operator invites an entry, which
 * creates a one-use invite code and emails it.
 */
import {
  WAITLIST_ENTRY_NOT_FOUND,
  WAITLIST_JOINED,
  waitlistInviteNotSent,
} from '@myodocs/shared/constants/messages'
import type { WaitlistEntry } from '@myodocs/shared/contracts/waitlist'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { inviteCodeEmail } from '../../email/templates/invite-code'
import { waitlistConfirmationEmail } from '../../email/templates/waitlist-confirmation'
import { AppError, notFound } from '../../lib/errors'
import type { ServiceContext } from '../../lib/service-context'
import { createInviteCode } from '../invite-codes'
import { findWaitlistEntry, insertWaitlistEntry, listWaitlist, markInvited } from './repository'
import type { WaitlistRow } from './repository'

/** Codes emailed from the waitlist expire after this many days. */
const WAITLIST_INVITE_DAYS = 30

export async function joinWaitlist(
  ctx: ServiceContext,
  entry: { name: string; businessName?: string; email: string; phoneNumber?: string },
): Promise<string> {
  const row = await insertWaitlistEntry(ctx.db, {
    name: entry.name,
    businessName: entry.businessName ?? null,
    email: entry.email,
    phoneNumber: entry.phoneNumber ?? null,
    createdAt: ctx.now(),
  })
  if (row) {
    try {
      await ctx.mailer.send({
        ...waitlistConfirmationEmail(entry.name),
        to: { name: entry.name, address: entry.email },
      })
    } catch (err) {
      // The entry is saved, which is what matters; the confirmation is a courtesy.
      ctx.log.warn(
        { err: { message: (err as Error).message } },
        'waitlist confirmation email failed',
      )
    }
  }
  return WAITLIST_JOINED
}

const toEntry = (r: WaitlistRow): WaitlistEntry => ({
  id: r.id,
  name: r.name,
  businessName: r.businessName,
  email: r.email,
  phoneNumber: r.phoneNumber ? formatUsPhone(r.phoneNumber) : null,
  createdAt: r.createdAt.toISOString(),
  invitedAt: r.invitedAt?.toISOString() ?? null,
})

export async function waitlist(ctx: ServiceContext): Promise<WaitlistEntry[]> {
  return (await listWaitlist(ctx.db)).map(toEntry)
}

/** Creates a one-use code (valid 30 days) for the entry and emails it. */
export async function inviteFromWaitlist(ctx: ServiceContext, id: string) {
  const entry = await findWaitlistEntry(ctx.db, id)
  if (!entry) throw notFound(WAITLIST_ENTRY_NOT_FOUND)
  const now = ctx.now()
  const created = await createInviteCode(ctx, {
    uses: 1,
    expiresInDays: WAITLIST_INVITE_DAYS,
    note: `waitlist: ${entry.email}`,
  })
  const url = `${ctx.config.publicUrl}/invite-code?code=${created.code}`
  try {
    await ctx.mailer.send({
      ...inviteCodeEmail(entry.name, created.code, url),
      to: { name: entry.name, address: entry.email },
    })
  } catch (err) {
    throw new AppError(
      'MAIL_DELIVERY_FAILED',
      waitlistInviteNotSent(created.code, entry.email),
      502,
      undefined,
      { cause: err },
    )
  }
  await markInvited(ctx.db, entry.id, created.id, now)
  return { code: created.code, email: entry.email }
}
