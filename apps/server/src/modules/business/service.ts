/**
 * The business profile (SPEC §3 Business, §5 logo rules, §6 roles). Only the primary user loads
 * and edits it; logo upload and removal need the professional or premium plan. Logos are
 * re-encoded by lib/logo.ts, kept in the database, and served from /api/business/logo/{hash}: a
 * new logo gets a new address, so each address can be cached for good.
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import {
  BUSINESS_PRIMARY_USER_ONLY,
  isProfileComplete,
  LOGO_UPGRADE_REQUIRED,
  UPGRADE_REQUIRED,
} from '@myodocs/shared/contracts/business'
import type { BusinessProfile, BusinessProfileUpdate } from '@myodocs/shared/contracts/business'
import { BUSINESS_NAME_MISMATCH } from '@myodocs/shared/contracts/subscription'
import { formatUsPhone, normalizeUsPhone } from '@myodocs/shared/domain/phone'
import type { Db } from '../../db/client'
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors'
import { processLogo } from '../../lib/logo'
import type { AuthUser } from '../../plugins/auth'
import { recordAudit, requestOrigin } from '../audit/service'
import { findSubscription } from '../subscription/guard'
import { deleteLogo, findBusinessWithLogo, findLogo, saveLogo, updateBusiness } from './repository'

type Caller = Pick<AuthUser, 'id' | 'businessId' | 'isPrimaryUser'>
type Ctx = { db: Db; now: () => Date }

export const LOGO_PATH = '/api/business/logo'
const LOGO_PLANS = new Set(['professional', 'premium'])

function assertPrimary(user: Caller) {
  if (!user.isPrimaryUser) throw forbidden(BUSINESS_PRIMARY_USER_ONLY)
}

/** The profile as the API answers it (also used by documents for the letterhead). */
export async function businessProfile(db: Db, businessId: string): Promise<BusinessProfile> {
  const found = await findBusinessWithLogo(db, businessId)
  if (!found) throw notFound('No business profile yet')
  const { business, logo } = found
  return {
    id: business.id,
    name: business.name,
    address: business.address,
    phone: business.phone ? formatUsPhone(business.phone) : '',
    logoUrl: logo ? `${LOGO_PATH}/${logo.hash}` : null,
    logoWidth: logo?.width ?? null,
    logoHeight: logo?.height ?? null,
    profileComplete: isProfileComplete(business),
  }
}

/** GET /business (primary user). */
export async function getBusiness(ctx: Ctx, user: Caller) {
  assertPrimary(user)
  return businessProfile(ctx.db, user.businessId)
}

/** PUT /business (primary user): name, address, phone (stored as its 10 digits). */
export async function putBusiness(
  ctx: Ctx,
  req: FastifyRequest,
  user: Caller,
  body: BusinessProfileUpdate,
): Promise<BusinessProfile> {
  assertPrimary(user)
  await updateBusiness(ctx.db, user.businessId, {
    name: body.name,
    address: body.address,
    phone: body.phone ? (normalizeUsPhone(body.phone) ?? '') : '',
  })
  await recordAudit(
    ctx.db,
    { action: 'business.update', actorId: user.id, businessId: user.businessId },
    requestOrigin(req),
  )
  return businessProfile(ctx.db, user.businessId)
}

/** SPEC §6: logo management only on professional and premium. */
async function assertLogoPlan(db: Db, user: Caller) {
  assertPrimary(user)
  const subscription = await findSubscription(db, user.businessId)
  if (!subscription || !LOGO_PLANS.has(subscription.planType)) {
    throw new AppError(UPGRADE_REQUIRED, LOGO_UPGRADE_REQUIRED, 403)
  }
}

/** Checks who and which plan before the upload's bytes are read. */
export const assertMayManageLogo = (ctx: Ctx, user: Caller) => assertLogoPlan(ctx.db, user)

/** POST /business/logo: validates, re-encodes and stores the logo; answers the profile. */
export async function uploadLogo(
  ctx: Ctx,
  req: FastifyRequest,
  user: Caller,
  bytes: Buffer,
): Promise<BusinessProfile> {
  await assertLogoPlan(ctx.db, user)
  let logo
  try {
    logo = await processLogo(bytes)
  } catch (err) {
    await recordAudit(
      ctx.db,
      {
        action: 'business.logo_upload',
        outcome: 'failure',
        actorId: user.id,
        businessId: user.businessId,
        details: {
          reason: err instanceof AppError ? err.userMessage : 'error',
          bytes: bytes.length,
        },
      },
      requestOrigin(req),
    )
    throw err
  }
  const hash = createHash('sha256').update(logo.data).digest('hex').slice(0, 32)
  await saveLogo(ctx.db, user.businessId, { ...logo, hash }, ctx.now())
  await recordAudit(
    ctx.db,
    {
      action: 'business.logo_upload',
      actorId: user.id,
      businessId: user.businessId,
      details: { width: logo.width, height: logo.height, bytes: logo.data.length },
    },
    requestOrigin(req),
  )
  return businessProfile(ctx.db, user.businessId)
}

/** DELETE /business/logo (idempotent). */
export async function removeLogo(
  ctx: Ctx,
  req: FastifyRequest,
  user: Caller,
): Promise<BusinessProfile> {
  await assertLogoPlan(ctx.db, user)
  if (await deleteLogo(ctx.db, user.businessId)) {
    await recordAudit(
      ctx.db,
      { action: 'business.logo_delete', actorId: user.id, businessId: user.businessId },
      requestOrigin(req),
    )
  }
  return businessProfile(ctx.db, user.businessId)
}

/**
 * The logo of the caller's business at its address (GET /business/logo/{hash}); another hash —
 * an older logo, or another business's — answers 404. For every member (documents print it).
 */
export async function logoForDownload(db: Db, user: Pick<AuthUser, 'businessId'>, hash: string) {
  const logo = await findLogo(db, user.businessId)
  if (!logo || logo.hash !== hash) throw notFound('Logo not found')
  return logo
}

/** The stored logo of a business, for rendering documents (null when none). */
export async function businessLogo(db: Db, businessId: string) {
  const logo = await findLogo(db, businessId)
  return logo ? { data: logo.data, mime: logo.mime, width: logo.width, height: logo.height } : null
}

/**
 * Destructive account steps are confirmed by typing the business name (trimmed, any case);
 * a mismatch is 400 on the `confirmBusinessName` field.
 */
export async function assertBusinessNameConfirmed(db: Db, businessId: string, typed: string) {
  const found = await findBusinessWithLogo(db, businessId)
  if (!found) throw notFound()
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()
  if (norm(found.business.name) !== norm(typed)) {
    throw badRequest(BUSINESS_NAME_MISMATCH, { confirmBusinessName: BUSINESS_NAME_MISMATCH })
  }
  return found.business
}
