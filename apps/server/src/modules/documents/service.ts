/**
 * Generating a document (docs/architecture.md#how-a-document-travels): the gate and the subscription guard have
 * passed; this loads what the letterhead needs (business profile, the logo when the plan prints it, therapist, PDF
 * preferences, demo-video links — none of it patient data), takes one PDF of the month's
 * allowance atomically, renders on the pool, and gives the allowance back when rendering fails.
 * The request itself is never stored or logged: it lives in this call and in the worker only.
 */
import { DOCUMENT_GENERATION_FAILED } from '@myodocs/shared/constants/document-messages'
import type { DocumentContext } from '@myodocs/documents/render'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import type { SignedInContext } from '../../lib/service-context'
import { recordAudit } from '../audit'
import { businessProfile, documentLogo } from '../business'
import { forgetPdfTaken, raisePdfUsageAlerts, recordPdfTaken } from '../analytics'
import { allSettings } from '../settings'
import { reservePdf } from '../subscription'
import type { RenderPool } from './render-pool'
import { assertVersionsAccepted } from '../legal'
import type { LegalDocumentSet } from '../legal'
import { findDocumentGate, therapistOf } from './repository'
import type { DocumentJob, RenderJob } from './render-worker'
import { sealSessionFile } from './session-file'
import {
  assessmentSessionFile,
  exerciseSessionFile,
  referralLetterSessionFile,
} from '@myodocs/shared/domain/session-file'
import { companionLink } from '../companion'

/** Everything but the patient's session: who issues the document and how it should look. */
export async function documentContext(ctx: SignedInContext, now: Date): Promise<DocumentContext> {
  const { actor } = ctx
  const [profile, logo, settings, therapist] = await Promise.all([
    businessProfile(ctx, actor.businessId),
    documentLogo(ctx, actor.businessId),
    allSettings(ctx),
    therapistOf(ctx.db, actor.id),
  ])
  return {
    business: {
      name: profile.name,
      address: profile.address,
      phone: profile.phone,
      email: profile.email,
      fax: profile.fax,
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

/** The session file a job's PDF carries, sealed for the caller's business; none for some kinds. */
function sessionFileOf(ctx: SignedInContext, job: DocumentJob): string | undefined {
  const issuer = ctx.actor.businessId
  const payload =
    job.kind === 'assessment'
      ? assessmentSessionFile(job.request, issuer)
      : job.kind === 'referral-letter'
        ? referralLetterSessionFile(job.request, issuer)
        : job.kind === 'exercise' || job.kind === 'after-visit-summary'
          ? exerciseSessionFile(job.kind, job.request, issuer)
          : null
  return payload ? sealSessionFile(ctx.config.appSecret, payload) : undefined
}

export type DocumentGate = NonNullable<Parameters<typeof reservePdf>[2]>

/**
 * The legal gate of a document call with what its subscription guard needs, in one statement:
 * 403 LEGAL_ACCEPTANCE_REQUIRED as `legalGate` answers it, else the subscription state that
 * `generateDocument` judges once the request is valid.
 */
export async function passDocumentGate(
  ctx: SignedInContext,
  documents: LegalDocumentSet,
): Promise<DocumentGate> {
  const row = await findDocumentGate(ctx.db, {
    businessId: ctx.actor.businessId,
    userId: ctx.actor.id,
  })
  assertVersionsAccepted(row?.acceptances ?? [], documents)
  return { subscription: row?.subscription ?? null, ownUsage: row?.ownUsage ?? null }
}

/** Gives a rendered PDF's count back, inside the caller's transaction. */
export type GiveBackPdf = (tx: Db) => Promise<void>

/**
 * Renders one document for the caller on `pool`, counted against the month's allowance; `gate`
 * is what `passDocumentGate` read for this request (read here when absent). `onCounted` receives
 * the way to give the count back, for a caller that may not deliver the PDF (a failed send);
 * `onCompanionLink` the companion link a program printed, for the email that carries it.
 */
export async function generateDocument(
  ctx: SignedInContext,
  pool: RenderPool,
  job: DocumentJob,
  gate?: DocumentGate,
  onCounted?: (giveBack: GiveBackPdf) => void,
  onCompanionLink?: (url: string) => void,
): Promise<Buffer> {
  const now = ctx.now()
  // The guard first: a refused call loads nothing of the letterhead. The usage event is written
  // with the count, in its transaction, so a crash mid-render leaves no count without its event.
  let eventId: string | undefined
  const { release, releaseIn } = await reservePdf(
    ctx,
    {
      take: async (db) => {
        eventId = await recordPdfTaken({ ...ctx, db }, job.kind)
      },
      giveBack: async (db) => {
        if (eventId) await forgetPdfTaken({ ...ctx, db }, eventId)
      },
    },
    gate,
  )
  try {
    const context = await documentContext(ctx, now)
    // The printed program carries the patient's companion link (docs/product/companion.md).
    if (job.kind === 'exercise')
      context.companion = await companionLink(ctx, job.request, {
        name: context.business.name,
        videoLinks: context.videoLinks,
      })
    if (context.companion) onCompanionLink?.(context.companion.url)
    const renderJob: RenderJob = { ...job, context, sessionFile: sessionFileOf(ctx, job) }
    const pdf = await pool.run(renderJob)
    ctx.metrics?.pdfRendered(job.kind)
    onCounted?.(releaseIn)
    await raisePdfUsageAlerts(ctx)
    await recordAudit(ctx, {
      action: 'document.generated',
      actorId: ctx.actor.id,
      businessId: ctx.actor.businessId,
      details: { documentType: job.kind },
    })
    return pdf
  } catch (error) {
    await release()
    if (error instanceof AppError) throw error
    throw new AppError('INTERNAL_ERROR', DOCUMENT_GENERATION_FAILED, 500, undefined, {
      cause: withoutMessage(error),
    })
  }
}
