/**
 * Business profile and logo.
 */
import { z } from 'zod'
import { multilineText, text } from './text'
import { EMAIL_INVALID, PHONE_INVALID } from '../constants/messages'
import { normalizeUsPhone } from '../domain/phone'

/** Logo file messages (docs/product/validation.md#logo). */
export const LOGO_NOT_AN_IMAGE = 'Please select an image file'
export const LOGO_TOO_LARGE = 'Image must be less than 2MB'
export const LOGO_UNSUPPORTED_FORMAT = 'Supported formats: JPG, PNG, GIF, WebP, SVG'
/** Logo management on essential. */
export const LOGO_UPGRADE_REQUIRED =
  'Upgrade to Professional or Premium to upload your company logo'
/** Why a logo file is refused beyond the type and size rules. */
export const LOGO_UNSAFE_SVG =
  'This SVG contains scripts or external references and cannot be used. Please upload a PNG, or an SVG without them.'
export const LOGO_TOO_MANY_PIXELS =
  'The image dimensions are too large. Please upload a smaller logo.'
export const BUSINESS_PROFILE_NOT_FOUND = 'No business profile yet'
export const LOGO_NOT_FOUND = 'Logo not found'
/** Logo errors (docs/product/errors.md#logo-errors). */
export const LOGO_UPLOAD_FAILED = 'Failed to upload logo'
export const LOGO_NETWORK_ERROR = 'Network error during upload'
export const LOGO_REFRESH_FAILED = 'Logo uploaded but failed to refresh profile'
export const LOGO_STORAGE_UNAVAILABLE =
  'Logo upload is temporarily unavailable. Please try again later or contact support.'

/** Logo max 2MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const
export const LOGO_ACCEPT =
  '.jpg,.jpeg,.png,.gif,.webp,.svg,image/jpeg,image/png,image/gif,image/webp,image/svg+xml'

/** Checks a chosen file before upload; the server repeats every check on the bytes. */
export function checkLogoFile(file: { type: string; size: number; name: string }): string | null {
  const svgByName = /\.svg$/i.test(file.name)
  if (!file.type.startsWith('image/') && !svgByName) return LOGO_NOT_AN_IMAGE
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type) && !svgByName)
    return LOGO_UNSUPPORTED_FORMAT
  if (file.size >= LOGO_MAX_BYTES) return LOGO_TOO_LARGE
  return null
}

const field = (label: string, max: number, builder = text) =>
  builder().trim().max(max, `${label} must be at most ${max} characters`)

/** PUT /api/business. Profile is complete when name, address and phone are all present. */
export const BusinessProfileUpdateSchema = z.object({
  name: field('Business name', 200).min(1, 'Business name is required'),
  address: field('Address', 500, multilineText),
  /** Empty, or a US number by the phone rule (stored as its 10 digits). */
  phone: field('Phone', 40).refine((v) => !v || normalizeUsPhone(v) !== null, PHONE_INVALID),
  /** The practice's email for the documents' letterhead: empty, or an email; left out keeps it. */
  email: field('Practice email', 254)
    .refine((v) => !v || z.email().safeParse(v).success, EMAIL_INVALID)
    .optional(),
  /** The letterhead's fax: empty, or a US number by the phone rule; left out keeps it. */
  fax: field('Fax', 40)
    .refine((v) => !v || normalizeUsPhone(v) !== null, PHONE_INVALID)
    .optional(),
})
export type BusinessProfileUpdate = z.infer<typeof BusinessProfileUpdateSchema>

export const BusinessProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** The practice's email printed in the documents' letterhead, or empty. */
  email: z.string(),
  /** Formatted `(555) 123-4567`, or empty. */
  fax: z.string(),
  logoUrl: z.string().nullable(),
  logoWidth: z.number().nullable(),
  logoHeight: z.number().nullable(),
  profileComplete: z.boolean(),
})
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>

/** The 403 code of logo calls on the essential plan. */
export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED'
/** The rest of the essential-plan message. */
export const LOGO_NOT_AVAILABLE_ON_PLAN =
  'Logo management is not available for your subscription tier.'
/** Beside a logo kept from an earlier plan, on a plan that does not print it. */
export const LOGO_KEPT_NOT_PRINTED = (planName: string) =>
  `Your logo is kept, but it is not printed on your documents while you are on ${planName}. Upgrade to Professional or Premium and it prints again.`

/** The profile is complete when name, address and phone are all present. */
export function isProfileComplete(b: {
  name?: string | null
  address?: string | null
  phone?: string | null
}): boolean {
  return Boolean(b.name?.trim() && b.address?.trim() && b.phone?.trim())
}
