/**
 * POST /auth/register (SPEC §3 Register payload, §4 invite code, §5 rules). In one transaction:
 * one use of the invite code, the business, its primary user, the trial subscription (30 days, 60
 * with a valid referral) and the business's own referral code. Then the user is signed in, the
 * confirmations (18+, Terms, BAA) go to the audit trail, and the referring business is told.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  EMAIL_ALREADY_REGISTERED,
  PASSWORD_REQUIREMENTS_NOT_MET,
} from '@myodocs/shared/constants/messages'
import { REFERRAL_BONUS_DAYS, TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { RegisterRequestSchema, User } from '@myodocs/shared/contracts/auth'
import { DEFAULT_PASSWORD_POLICY } from '@myodocs/shared/domain/password-policy'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { referralUsedEmail } from '../../email/templates/referral-used'
import type { SystemMailer } from '../../email/system-mailer'
import { AppError, conflict } from '../../lib/errors'
import { recordAudit, requestOrigin } from '../audit/service'
import { consumeInviteCode } from '../invite-codes/service'
import { createReferralCode, findReferrer } from '../referral/service'
import { getSettings } from '../settings/service'
import type { Referrer } from '../referral/service'
import { hashPassword } from './passwords'
import { validatePassword } from './password-strength'
import {
  activePrimaryUsers,
  addPasswordToHistory,
  findUserByEmail,
  insertBusinessWithSubscription,
  insertUser,
} from './repository'
import type { UserRow } from './repository'
import { startSession } from './sessions'
import type { AuthContext } from './sessions'
import { currentUser } from './service'

type RegisterBody = z.output<typeof RegisterRequestSchema>

const DAY_MS = 86_400_000

export type NewAccount = {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  businessName: string
  therapistTitle: string
  therapistPhone: string
  planType: PlanType
  billingFrequency: BillingFrequency
  referredBy: Referrer | null
}

/**
 * Creates a business, its primary user, the trial and the business's referral code, on the
 * given connection (a transaction during registration; tests call it directly as a factory).
 */
export async function createAccount(db: Db, a: NewAccount, now: Date): Promise<UserRow> {
  const trialDays = TRIAL_DAYS + (a.referredBy ? REFERRAL_BONUS_DAYS : 0)
  const businessId = await insertBusinessWithSubscription(
    db,
    { name: a.businessName, referredByBusinessId: a.referredBy?.businessId, createdAt: now },
    {
      planType: a.planType,
      billingFrequency: a.billingFrequency,
      status: 'trial',
      trialEnd: new Date(now.getTime() + trialDays * DAY_MS),
      createdAt: now,
    },
  )
  const user = await insertUser(db, {
    email: a.email.toLowerCase(),
    passwordHash: a.passwordHash,
    firstName: a.firstName,
    lastName: a.lastName,
    therapistTitle: a.therapistTitle,
    therapistPhone: a.therapistPhone,
    businessId,
    isPrimaryUser: true,
    passwordChangedAt: now,
    createdAt: now,
  })
  await addPasswordToHistory(db, user.id, a.passwordHash, DEFAULT_PASSWORD_POLICY.historyCount, now)
  await createReferralCode(db, businessId)
  return user
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true
  }
  return false
}

export async function register(
  ctx: AuthContext & { mailer: SystemMailer },
  req: FastifyRequest,
  reply: FastifyReply,
  body: RegisterBody,
): Promise<User> {
  const now = ctx.now()
  const emailTaken = () => conflict(EMAIL_ALREADY_REGISTERED, { email: EMAIL_ALREADY_REGISTERED })
  if (await findUserByEmail(ctx.db, body.email)) throw emailTaken()

  const validation = await validatePassword(body.password, {
    breachCheckUrl: ctx.config.breachCheckUrl,
    breachCheckTimeoutMs: ctx.config.auth.breachCheckTimeoutMs,
    log: req.log,
    userInputs: [body.email, body.firstName, body.lastName, body.businessName],
  })
  if (!validation.isValid) {
    throw new AppError('VALIDATION_ERROR', PASSWORD_REQUIREMENTS_NOT_MET, 400, {
      password: PASSWORD_REQUIREMENTS_NOT_MET,
    })
  }

  // An unknown or lapsed referral code does not stop a sign-up; it just gives no bonus.
  const referrer = body.referralCode ? await findReferrer(ctx.db, body.referralCode, now) : null
  const passwordHash = await hashPassword(body.password)

  let created: { user: UserRow; inviteCodeId: string }
  try {
    created = await ctx.db.transaction(async (tx) => {
      const inviteCodeId = await consumeInviteCode(tx, body.inviteCode, now)
      const user = await createAccount(
        tx,
        {
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          businessName: body.businessName,
          therapistTitle: body.therapistTitle,
          therapistPhone: body.therapistPhone,
          planType: body.planType,
          billingFrequency: body.billingFrequency,
          referredBy: referrer,
        },
        now,
      )
      return { user, inviteCodeId }
    })
  } catch (err) {
    // Two registrations of one email racing: the unique index decides; the code use rolls back.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }

  const { user, inviteCodeId } = created
  const origin = requestOrigin(req)
  await recordAudit(
    ctx.db,
    {
      action: 'auth.register',
      actorId: user.id,
      businessId: user.businessId,
      details: {
        // What the person confirmed, when (the row's time) and from where (its IP). The formal
        // versioned acceptances with the BAA signature come with the legal issue.
        confirmations: { ageConfirmed: true, acceptTerms: true, acceptBAA: true },
        planType: body.planType,
        billingFrequency: body.billingFrequency,
        referredByBusinessId: referrer?.businessId ?? null,
      },
    },
    origin,
  )
  await recordAudit(
    ctx.db,
    {
      action: 'invite_code.used',
      actorId: user.id,
      businessId: user.businessId,
      details: { inviteCodeId },
    },
    origin,
  )
  await startSession(ctx, req, reply, user)
  if (referrer) await notifyReferrer(ctx, req, referrer, body.businessName)
  return currentUser(ctx, user.id)
}

async function notifyReferrer(
  ctx: AuthContext & { mailer: SystemMailer },
  req: FastifyRequest,
  referrer: Referrer,
  newBusinessName: string,
) {
  try {
    for (const p of await activePrimaryUsers(ctx.db, referrer.businessId)) {
      // SPEC §3 notification settings: referralUsageEmail (default on) of each account holder.
      const { referralUsageEmail } = await getSettings(ctx.db, p, 'notifications')
      if (!referralUsageEmail) continue
      await ctx.mailer.send({
        ...referralUsedEmail(p.firstName, newBusinessName),
        to: { name: p.firstName, address: p.email },
      })
    }
  } catch (err) {
    // The sign-up has happened; a failed notice must not undo or fail it.
    req.log.warn({ err: { message: (err as Error).message } }, 'referral usage email failed')
  }
}
