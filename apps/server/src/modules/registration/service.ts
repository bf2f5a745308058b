/**
 * POST /auth/register checks the form and emails the address; POST /auth/register/confirm, from
 * the emailed link, creates in one transaction: one use of the invite code, the business, its
 * primary user, the trial subscription (30 days, 60 with a valid referral) and the business's own
 * referral code. Then the user is signed in, the confirmations (18+, Terms, BAA) go to the audit
 * trail, and the referring business is told.
 */
import {
  EMAIL_ALREADY_REGISTERED,
  PASSWORD_REQUIREMENTS_NOT_MET,
} from '@myodocs/shared/constants/messages'
import { REFERRAL_BONUS_DAYS, TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import type { BillingFrequency, PlanType } from '@myodocs/shared/constants/plans'
import type { RegisterRequestSchema, User } from '@myodocs/shared/contracts/auth'
import type { z } from 'zod'
import { referralUsedEmail } from '../../email/templates/referral-used'
import { alreadyRegisteredEmail, registrationLinkEmail } from '../../email/templates/registration'
import { AppError, conflict } from '../../lib/errors'
import { hashPassword } from '../../lib/password-hashing'
import { withDb } from '../../lib/service-context'
import type { ServiceContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { assertInviteCodeUsable, consumeInviteCode } from '../invite-codes'
import { acceptLegalDocument } from '../legal'
import type { LegalDocumentSet } from '../legal'
import { checkNewAccountPassword, startPasswordHistory } from '../passwords'
import { accountHolders, currentUser, userByEmail } from '../profile'
import { createReferralCode, findReferrer } from '../referral'
import type { Referrer } from '../referral'
import { startSession } from '../sessions'
import type { PresentedTokens, SignInCookies } from '../sessions'
import { settingsOf } from '../settings'
import { assertRegistrationAllowed, recordRefusedRegistration } from './register-throttle'
import { openRegistrationToken, REGISTRATION_LINK_HOURS, registrationToken } from './link'
import type { PendingRegistration } from './link'
import { insertBusinessWithSubscription, insertUser } from './repository'
import type { NewUserRow } from './repository'

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
 * context's connection (a transaction during registration; test factories call it directly).
 */
export async function createAccount(ctx: ServiceContext, a: NewAccount): Promise<NewUserRow> {
  const now = ctx.now()
  const trialDays = TRIAL_DAYS + (a.referredBy ? REFERRAL_BONUS_DAYS : 0)
  const businessId = await insertBusinessWithSubscription(
    ctx.db,
    { name: a.businessName, referredByBusinessId: a.referredBy?.businessId, createdAt: now },
    {
      planType: a.planType,
      billingFrequency: a.billingFrequency,
      status: 'trial',
      trialEnd: new Date(now.getTime() + trialDays * DAY_MS),
      createdAt: now,
    },
  )
  const user = await insertUser(ctx.db, {
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
  await startPasswordHistory(ctx, user.id, a.passwordHash)
  await createReferralCode(ctx, businessId)
  return user
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true
  }
  return false
}

/**
 * Registering: checks the form like any registration (the invite code usable, the password), then
 * emails the address and answers nothing more, whether or not it has an account, so the answer
 * never tells which addresses are registered. A new address gets the link that creates the account
 * (link.ts); a registered one an email saying so, with the way to sign in. Both do the same work
 * (the password is hashed either way) and send without waiting. Refused attempts count per invite
 * code and per email (register-throttle.ts).
 */
export async function register(ctx: ServiceContext, body: RegisterBody): Promise<void> {
  await assertRegistrationAllowed(ctx, body.inviteCode, body.email)
  try {
    await assertInviteCodeUsable(ctx, body.inviteCode)
    await assertPasswordAccepted(ctx, body)
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      await recordRefusedRegistration(ctx, body.inviteCode, body.email)
    throw err
  }
  const passwordHash = await hashPassword(body.password)
  const existing = await userByEmail(ctx, body.email)
  const { publicUrl } = ctx.config
  const email = existing
    ? alreadyRegisteredEmail(existing.firstName, {
        signInUrl: `${publicUrl}/login`,
        resetUrl: `${publicUrl}/reset-password`,
      })
    : registrationLinkEmail(body.firstName, {
        url: `${publicUrl}/register/confirm?token=${encodeURIComponent(
          registrationToken(ctx, pendingRegistration(body, passwordHash)),
        )}`,
        hours: REGISTRATION_LINK_HOURS,
      })
  ctx.mailer
    .send({ ...email, to: { address: body.email.toLowerCase() } })
    .catch((err: unknown) =>
      ctx.log.error({ err: { message: (err as Error).message } }, 'registration email failed'),
    )
}

const pendingRegistration = (
  { password: _p, ageConfirmed: _a, acceptTerms: _t, acceptBAA: _b, ...fields }: RegisterBody,
  passwordHash: string,
): PendingRegistration => ({ ...fields, passwordHash })

async function assertPasswordAccepted(ctx: ServiceContext, body: RegisterBody) {
  const validation = await checkNewAccountPassword(ctx, body.password, [
    body.email,
    body.firstName,
    body.lastName,
    body.businessName,
  ])
  if (!validation.isValid) {
    throw new AppError('VALIDATION_ERROR', PASSWORD_REQUIREMENTS_NOT_MET, 400, {
      password: PASSWORD_REQUIREMENTS_NOT_MET,
    })
  }
}

/**
 * POST /auth/register/confirm: the emailed link creates the account and signs in. Answers the User,
 * the new session's tokens and a device cookie. An address registered meanwhile (the link opened
 * twice, two links of one address) is 409; a code used up meanwhile is 400 INVALID_INVITE_CODE.
 */
export async function confirmRegistration(
  ctx: ServiceContext,
  token: string,
  presented: PresentedTokens,
  legalDocuments: LegalDocumentSet,
): Promise<{ user: User } & SignInCookies> {
  const body = openRegistrationToken(ctx, token)
  const emailTaken = () => conflict(EMAIL_ALREADY_REGISTERED, { email: EMAIL_ALREADY_REGISTERED })
  if (await userByEmail(ctx, body.email)) throw emailTaken()

  // An unknown or lapsed referral code does not stop a sign-up; it just gives no bonus.
  const referrer = body.referralCode ? await findReferrer(ctx, body.referralCode) : null

  let created: { user: NewUserRow; inviteCodeId: string }
  try {
    created = await ctx.db.transaction(async (tx) => {
      const inTx = withDb(ctx, tx)
      const inviteCodeId = await consumeInviteCode(inTx, body.inviteCode)
      const user = await createAccount(inTx, {
        email: body.email,
        passwordHash: body.passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        businessName: body.businessName,
        therapistTitle: body.therapistTitle,
        therapistPhone: body.therapistPhone,
        planType: body.planType,
        billingFrequency: body.billingFrequency,
        referredBy: referrer,
      })
      return { user, inviteCodeId }
    })
  } catch (err) {
    // Two confirmations of one email racing: the unique index decides; the code use rolls back.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }

  const { user, inviteCodeId } = created
  await recordAudit(ctx, {
    action: 'auth.register',
    actorId: user.id,
    businessId: user.businessId,
    details: {
      // What the person confirmed on the form (the link carries a registration only once all
      // three were ticked), when (the row's time) and from where (its IP). The versioned Terms
      // acceptance is recorded by the legal module below; the BAA is signed in the app.
      confirmations: { ageConfirmed: true, acceptTerms: true, acceptBAA: true },
      planType: body.planType,
      billingFrequency: body.billingFrequency,
      referredByBusinessId: referrer?.businessId ?? null,
    },
  })
  await recordAudit(ctx, {
    action: 'invite_code.used',
    actorId: user.id,
    businessId: user.businessId,
    details: { inviteCodeId },
  })
  const { actor, tokens, deviceCookie } = await startSession(ctx, user, presented)
  // The Terms ticked on the form count: the version in force is recorded like any acceptance, so
  // the app asks only for what is left (the BAA, signed in the app, and the email attestation).
  await acceptLegalDocument({ ...ctx, actor }, legalDocuments, 'terms')
  if (referrer) await notifyReferrer(ctx, referrer, body.businessName)
  return { user: await currentUser(ctx, user.id), tokens, deviceCookie }
}

async function notifyReferrer(ctx: ServiceContext, referrer: Referrer, newBusinessName: string) {
  try {
    for (const holder of await accountHolders(ctx, referrer.businessId)) {
      // Each account holder's own notification setting (referral usage emails, default on).
      const { referralUsageEmail } = await settingsOf(ctx, holder, 'notifications')
      if (!referralUsageEmail) continue
      await ctx.mailer.send({
        ...referralUsedEmail(holder.firstName, newBusinessName),
        to: { name: holder.firstName, address: holder.email },
      })
    }
  } catch (err) {
    // The sign-up has happened; a failed notice must not undo or fail it.
    ctx.log.warn({ err: { message: (err as Error).message } }, 'referral usage email failed')
  }
}
