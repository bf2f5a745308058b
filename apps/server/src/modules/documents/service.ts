/**
 * Generating a document (SPEC §4, issues #6 and #7): the gate and the subscription guard have
 * passed; this loads what the letterhead needs (business profile and logo, therapist, PDF
 * preferences, demo-video links — none of it patient data), takes one PDF of the month's
 * allowance atomically, renders on the pool, and gives the allowance back when rendering fails.
 * The request itself is never stored or logged: it lives in this call and in the worker only.
 */
import type { FastifyInstance } from 'fastify'
import { DOCUMENT_GENERATION_FAILED } from '@myodocs/shared/constants/document-messages'
import type { DocumentContext } from '@myodocs/documents/render'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import { businessLogo, businessProfile } from '../business/service'
import { allSettings } from '../settings/service'
import { reservePdf } from '../subscription/guard'
import { therapistOf } from './repository'
import type { DocumentJob, RenderJob } from './render-worker'

type Caller = Pick<AuthUser, 'id' | 'businessId' | 'isPrimaryUser'>

/** Everything but the patient's session: who issues the document and how it should look. */
export async function documentContext(db: Db, user: Caller, now: Date): Promise<DocumentContext> {
  const [profile, logo, settings, therapist] = await Promise.all([
    businessProfile(db, user.businessId),
    businessLogo(db, user.businessId),
    allSettings(db, user),
    therapistOf(db, user.id),
  ])
  return {
    business: {
      name: profile.name,
      address: profile.address,
      phone: profile.phone,
      logo: logo
        ? { data: logo.data, width: logo.width, height: logo.height, mimeType: logo.mime }
        : null,
    },
    therapist: therapist ?? { firstName: '', lastName: '', title: '' },
    pdf: { includeWatermark: settings.pdf.includeWatermark },
    videoLinks: settings.exerciseVideos.links,
    now,
  }
}

/**
 * An error from the renderer can quote the text it was laying out (a patient's name): keep its
 * type and the frames of its stack, never its message.
 */
function withoutMessage(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error }
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
  return { type: error.name, stack: frames.join('\n') }
}

export async function generateDocument(
  app: FastifyInstance,
  user: Caller,
  job: DocumentJob,
): Promise<Buffer> {
  const now = app.now()
  const context = await documentContext(app.db, user, now)
  const { release } = await reservePdf(app.db, user.businessId, now)
  try {
    const renderJob: RenderJob = { ...job, context }
    return await app.renderPool.run(renderJob)
  } catch (error) {
    await release()
    if (error instanceof AppError) throw error
    throw new AppError('INTERNAL_ERROR', DOCUMENT_GENERATION_FAILED, 500, undefined, {
      cause: withoutMessage(error),
    })
  }
}
