/**
 * /api/business: the profile (primary user), the logo upload (multipart field `logo`,
 * < 2 MB, professional and premium) and removal, and the logo itself at a cache-friendly address.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import {
  BusinessProfileSchema,
  BusinessProfileUpdateSchema,
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_NOT_FOUND,
  LOGO_TOO_LARGE,
} from '@myodocs/shared/contracts/business'
import { ApiFailureSchema, successEnvelope } from '@myodocs/shared/contracts/envelope'
import { AppError, badRequest } from '../../lib/errors'
import { signedInContext } from '../../plugins/service-context'
import {
  assertMayManageLogo,
  getBusiness,
  logoForDownload,
  putBusiness,
  removeLogo,
  uploadLogo,
} from './service'

const failures = {
  400: ApiFailureSchema,
  401: ApiFailureSchema,
  403: ApiFailureSchema,
  404: ApiFailureSchema,
}

export async function businessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  app.addHook('preHandler', app.authenticate)
  // Multipart for this module only; one file, a little over the limit so "too large" is ours.
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  })

  r.get(
    '/',
    {
      schema: {
        tags: ['business'],
        summary: 'The business profile (primary user; other members get 403).',
        response: { 200: successEnvelope(BusinessProfileSchema), ...failures },
      },
    },
    async (req) => ({ success: true as const, data: await getBusiness(signedInContext(req)) }),
  )

  r.put(
    '/',
    {
      schema: {
        tags: ['business'],
        summary: 'Save the name, address and phone (primary user).',
        description: 'The profile is complete when all three are present (`profileComplete`).',
        security: [{ csrfToken: [] }],
        body: BusinessProfileUpdateSchema,
        response: { 200: successEnvelope(BusinessProfileSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await putBusiness(signedInContext(req), req.body),
    }),
  )

  r.post(
    '/logo',
    {
      schema: {
        tags: ['business'],
        summary: 'Upload the logo: multipart field `logo`, JPG/PNG/GIF/WebP/SVG under 2 MB.',
        description:
          'Professional and premium only (403 UPGRADE_REQUIRED on essential). The bytes decide ' +
          'the type; rasters are re-encoded to PNG (metadata stripped), SVGs with scripts, event ' +
          'handlers or external references are refused and the rest rasterised. Answers the profile.',
        security: [{ csrfToken: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(BusinessProfileSchema),
          ...failures,
          413: ApiFailureSchema,
          406: ApiFailureSchema,
        },
      },
    },
    async (req) => {
      const ctx = signedInContext(req)
      await assertMayManageLogo(ctx)
      if (!req.isMultipart()) throw badRequest(LOGO_NOT_AN_IMAGE, { logo: LOGO_NOT_AN_IMAGE })
      let bytes: Buffer | undefined
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'logo' && !bytes) bytes = await part.toBuffer()
            else await part.toBuffer()
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE, 413, { logo: LOGO_TOO_LARGE })
        // Anything else here is a malformed form (no boundary, cut short): the client's fault.
        throw badRequest(LOGO_NOT_AN_IMAGE, { logo: LOGO_NOT_AN_IMAGE })
      }
      if (!bytes?.length) throw badRequest(LOGO_NOT_AN_IMAGE, { logo: LOGO_NOT_AN_IMAGE })
      return { success: true as const, data: await uploadLogo(ctx, bytes) }
    },
  )

  r.delete(
    '/logo',
    {
      schema: {
        tags: ['business'],
        summary: 'Remove the logo (primary user; professional and premium). Answers the profile.',
        security: [{ csrfToken: [] }],
        response: { 200: successEnvelope(BusinessProfileSchema), ...failures },
      },
    },
    async (req) => ({
      success: true as const,
      data: await removeLogo(signedInContext(req)),
    }),
  )

  r.get(
    '/logo/:hash',
    {
      schema: {
        tags: ['business'],
        summary: "The business's logo (PNG). The address changes with the logo: cached for good.",
        description: 'For members of the business only; any other business or an old hash → 404.',
        params: z.object({ hash: z.string().regex(/^[0-9a-f]{1,64}$/, LOGO_NOT_FOUND) }),
        produces: ['image/png'],
        response: { 401: ApiFailureSchema, 404: ApiFailureSchema, 400: ApiFailureSchema },
      },
    },
    async (req, reply) => {
      const logo = await logoForDownload(signedInContext(req), req.params.hash)
      return reply
        .type(logo.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo.data as never)
    },
  )
}
