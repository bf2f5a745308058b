/**
 * The business profile: only the primary user loads and edits it; logo upload and removal need
 * the professional or premium plan. Logos are re-encoded by lib/logo.ts, kept in the database,
 * and served from /api/business/logo/{hash}: a new logo gets a new address, so each address can
 * be cached for good.
 */
import { createHash } from 'node:crypto'
import {
  BUSINESS_PROFILE_NOT_FOUND,
  isProfileComplete,
  LOGO_NOT_FOUND,
  LOGO_UPGRADE_REQUIRED,
  UPGRADE_REQUIRED,
} from '@myodocs/shared/contracts/business'
import type { BusinessProfile, BusinessProfileUpdate } from '@myodocs/shared/contracts/business'
import { BUSINESS_NAME_MISMATCH } from '@myodocs/shared/contracts/subscription'
import { printsLogo } from '@myodocs/shared/constants/plans'
import { formatUsPhone, normalizeUsPhone } from '@myodocs/shared/domain/phone'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { processLogo } from '../../lib/logo'
import { assertPrimaryUser } from '../../lib/service-context'
import type { ServiceContext, SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import {
  deleteLogo,
  findBusinessWithLogo,
  findLogo,
  planTypeOf,
  saveLogo,
  updateBusiness,
} from './repository'

export const LOGO_PATH = '/api/business/logo'

/** The profile of a business as the API answers it (also the documents' letterhead). */
export async function businessProfile(
  ctx: ServiceContext,
  businessId: string,
): Promise<BusinessProfile> {
  const found = await findBusinessWithLogo(ctx.db, businessId)
  if (!found) throw notFound(BUSINESS_PROFILE_NOT_FOUND)
  const { business, logo } = found
  return {
    id: business.id,
    name: business.name,
    address: business.address,
    phone: business.phone ? formatUsPhone(business.phone) : '',
    email: business.email,
    fax: business.fax ? formatUsPhone(business.fax) : '',
    logoUrl: logo ? `${LOGO_PATH}/${logo.hash}` : null,
    logoWidth: logo?.width ?? null,
    logoHeight: logo?.height ?? null,
    profileComplete: isProfileComplete(business),
  }
}

/** GET /business (primary user). */
export async function getBusiness(ctx: SignedInContext) {
  assertPrimaryUser(ctx)
  return businessProfile(ctx, ctx.actor.businessId)
}

/**
 * PUT /business (primary user): name, address, phone and fax (stored as their 10 digits), and the
 * practice email; an email or fax left out of the body is kept.
 */
export async function putBusiness(
  ctx: SignedInContext,
  body: BusinessProfileUpdate,
): Promise<BusinessProfile> {
  assertPrimaryUser(ctx)
  const { actor } = ctx
  await updateBusiness(ctx.db, actor.businessId, {
    name: body.name,
    address: body.address,
    phone: body.phone ? (normalizeUsPhone(body.phone) ?? '') : '',
    email: body.email,
    fax: body.fax === undefined ? undefined : (normalizeUsPhone(body.fax) ?? ''),
  })
  await recordAudit(ctx, {
    action: 'business.update',
    actorId: actor.id,
    businessId: actor.businessId,
  })
  return businessProfile(ctx, actor.businessId)
}

/**
 * Logo management: the primary user, on professional and premium only. Checked before the
 * upload's bytes are read, and again when they are stored.
 */
export async function assertMayManageLogo(ctx: SignedInContext) {
  assertPrimaryUser(ctx)
  const planType = await planTypeOf(ctx.db, ctx.actor.businessId)
  if (!printsLogo(planType)) {
    throw new AppError(UPGRADE_REQUIRED, LOGO_UPGRADE_REQUIRED, 403)
  }
}

/** POST /business/logo: validates, re-encodes and stores the logo; answers the profile. */
export async function uploadLogo(ctx: SignedInContext, bytes: Buffer): Promise<BusinessProfile> {
  await assertMayManageLogo(ctx)
  const { actor } = ctx
  let logo
  try {
    logo = await processLogo(bytes)
  } catch (err) {
    await recordAudit(ctx, {
      action: 'business.logo_upload',
      outcome: 'failure',
      actorId: actor.id,
      businessId: actor.businessId,
      details: {
        reason: err instanceof AppError ? 'invalid_image' : 'error',
        bytes: bytes.length,
      },
    })
    throw err
  }
  const hash = createHash('sha256').update(logo.data).digest('hex').slice(0, 32)
  await saveLogo(ctx.db, actor.businessId, { ...logo, hash }, ctx.now())
  await recordAudit(ctx, {
    action: 'business.logo_upload',
    actorId: actor.id,
    businessId: actor.businessId,
    details: { width: logo.width, height: logo.height, bytes: logo.data.length },
  })
  return businessProfile(ctx, actor.businessId)
}

/** DELETE /business/logo (idempotent). */
export async function removeLogo(ctx: SignedInContext): Promise<BusinessProfile> {
  await assertMayManageLogo(ctx)
  const { actor } = ctx
  if (await deleteLogo(ctx.db, actor.businessId)) {
    await recordAudit(ctx, {
      action: 'business.logo_delete',
      actorId: actor.id,
      businessId: actor.businessId,
    })
  }
  return businessProfile(ctx, actor.businessId)
}

/**
 * The logo of the caller's business at its address (GET /business/logo/{hash}); another hash —
 * an older logo, or another business's — answers 404. For every member (documents print it).
 */
export async function logoForDownload(ctx: SignedInContext, hash: string) {
  const logo = await findLogo(ctx.db, ctx.actor.businessId)
  if (!logo || logo.hash !== hash) throw notFound(LOGO_NOT_FOUND)
  return logo
}

/** The stored logo of a business, for rendering documents (null when none). */
export async function businessLogo(ctx: ServiceContext, businessId: string) {
  const logo = await findLogo(ctx.db, businessId)
  return logo ? { data: logo.data, mime: logo.mime, width: logo.width, height: logo.height } : null
}

/**
 * The logo documents print: the stored one while the plan includes logos, none otherwise. A logo
 * kept from Professional or Premium stays stored on Essential and prints again after an upgrade.
 */
export async function documentLogo(ctx: ServiceContext, businessId: string) {
  const [logo, planType] = await Promise.all([
    businessLogo(ctx, businessId),
    planTypeOf(ctx.db, businessId),
  ])
  return printsLogo(planType) ? logo : null
}

/** The name of a business as it stands now (legal acceptances record it). */
export async function businessName(ctx: ServiceContext, businessId: string) {
  return (await findBusinessWithLogo(ctx.db, businessId))?.business.name
}

/**
 * Destructive account steps are confirmed by typing the caller's business name (trimmed, any
 * case); a mismatch is 400 on the `confirmBusinessName` field.
 */
export async function assertBusinessNameConfirmed(ctx: SignedInContext, typed: string) {
  const found = await findBusinessWithLogo(ctx.db, ctx.actor.businessId)
  if (!found) throw notFound()
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()
  if (norm(found.business.name) !== norm(typed)) {
    throw badRequest(BUSINESS_NAME_MISMATCH, { confirmBusinessName: BUSINESS_NAME_MISMATCH })
  }
}
