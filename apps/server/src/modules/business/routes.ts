/**
 * /api/business (packages/shared/src/api/business.ts): the profile, the logo's upload (a
 * multipart form, read here) and removal, and the logo itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { businessCalls as calls } from '@myodocs/shared/api/business'
import {
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
} from '@myodocs/shared/contracts/business'
import { AppError, badRequest } from '../../lib/errors'
import { route } from '../../plugins/api-route'
import {
  assertMayManageLogo,
  getBusiness,
  logoForDownload,
  putBusiness,
  removeLogo,
  uploadLogo,
} from './service'

const notAnImage = () => badRequest(LOGO_NOT_AN_IMAGE, { logo: LOGO_NOT_AN_IMAGE })

/** The bytes of the form's `logo` file; any other file is read and dropped. */
async function logoBytes(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw notAnImage()
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
    throw notAnImage()
  }
  if (!bytes?.length) throw notAnImage()
  return bytes
}

export async function businessRoutes(app: FastifyInstance) {
  // Multipart for this module only; one file, a little over the limit so "too large" is ours.
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  })

  route(app, calls.get, (ctx) => getBusiness(ctx))
  route(app, calls.update, (ctx, { body }) => putBusiness(ctx, body))
  route(app, calls.uploadLogo, async (ctx, _input, req) => {
    // The plan is checked before the bytes are read.
    await assertMayManageLogo(ctx)
    return uploadLogo(ctx, await logoBytes(req))
  })
  route(app, calls.deleteLogo, (ctx) => removeLogo(ctx))
  route(app, calls.logo, async (ctx, { params }, _req, reply) => {
    const logo = await logoForDownload(ctx, params.hash)
    return reply
      .type(logo.mime)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(logo.data)
  })
}
