/**
 * /api/business: the profile (account holder), the logo upload (multipart field `logo`, < 2 MB,
 * Professional and Premium) and removal, and the logo itself at a cache-friendly address
 * (docs/product/documents.md).
 */
import { z } from 'zod'
import {
  BusinessProfileSchema,
  BusinessProfileUpdateSchema,
  LOGO_NOT_FOUND,
} from '../contracts/business'
import { apiCall } from './define'

const tags = ['business']
const failures = [400, 401, 403, 404] as const

/** The business calls. */
export const businessCalls = {
  get: apiCall({
    method: 'GET',
    path: '/api/business',
    access: 'primaryUser',
    tags,
    summary: 'The business profile (primary user; other members get 403).',
    answer: BusinessProfileSchema,
    failures,
  }),
  update: apiCall({
    method: 'PUT',
    path: '/api/business',
    access: 'primaryUser',
    tags,
    summary: 'Save the name, address and phone (primary user).',
    description: 'The profile is complete when all three are present (`profileComplete`).',
    body: BusinessProfileUpdateSchema,
    answer: BusinessProfileSchema,
    failures,
  }),
  uploadLogo: apiCall({
    method: 'POST',
    path: '/api/business/logo',
    access: 'primaryUser',
    tags,
    summary: 'Upload the logo: multipart field `logo`, JPG/PNG/GIF/WebP/SVG under 2 MB.',
    description:
      'Professional and premium only (403 UPGRADE_REQUIRED on essential). The bytes decide ' +
      'the type; rasters are re-encoded to PNG (metadata stripped), SVGs with scripts, event ' +
      'handlers or external references are refused and the rest rasterised. Answers the profile.',
    multipart: true,
    answer: BusinessProfileSchema,
    failures: [...failures, 406, 413],
  }),
  deleteLogo: apiCall({
    method: 'DELETE',
    path: '/api/business/logo',
    access: 'primaryUser',
    tags,
    summary: 'Remove the logo (primary user; professional and premium). Answers the profile.',
    answer: BusinessProfileSchema,
    failures,
  }),
  logo: apiCall({
    method: 'GET',
    path: '/api/business/logo/:hash',
    access: 'signedIn',
    tags,
    summary: "The business's logo (PNG). The address changes with the logo: cached for good.",
    description: 'For members of the business only; any other business or an old hash → 404.',
    params: z.object({ hash: z.string().regex(/^[0-9a-f]{1,64}$/, LOGO_NOT_FOUND) }),
    file: 'image/png',
    failures: [400, 401, 404],
  }),
}
