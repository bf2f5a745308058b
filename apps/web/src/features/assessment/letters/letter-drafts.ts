/**
 * The referral letters drafted on the assessment page, as pure data and edits: which selected
 * recommendations name a provider (each offers a letter), a draft per letter (the provider, the
 * ask, whether the report goes with it), and the request and the email each draft makes. The
 * letter's "why" is the recommendation's own reason field, edited in place, so the report and
 * the letter say the same.
 */
import { RECOMMENDATIONS } from '@myodocs/shared/domain/recommendations'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { letterTitle } from '@myodocs/shared/constants/letter-page-messages'
import type { Assessment, RecommendationState } from '../assessment-state'
import {
  PROVIDER_TYPE_LABELS,
  isProviderType,
  providerTypeOf,
} from '@myodocs/shared/domain/provider-types'
import type { ProviderType } from '@myodocs/shared/domain/provider-types'
import type { z } from 'zod'
import type {
  ProviderContactSchema,
  ReferralLetterSchema,
} from '@myodocs/shared/contracts/referral-letter'

/** The letter's provider as the form holds it (`letter.provider`). */
export type ProviderContact = z.input<typeof ProviderContactSchema>
type ReferralLetter = z.input<typeof ReferralLetterSchema>

/** A selected recommendation that names a provider: it offers "Write letter". */
export interface LetterTarget {
  recommendationId: string
  /** The recommendation as the therapist ticked it: "Consult with an ENT doctor". */
  label: string
  providerType: ProviderType
}

/** One letter being written. */
export interface LetterDraft {
  /** Local to the page; never sent. */
  id: string
  recommendationId: string
  providerType: ProviderType
  provider: ProviderContact
  /** The therapist's own question; empty leaves the provider type's usual one. */
  ask: string
  attachReport: boolean
}

/** The selected recommendations that name a provider type, in the order the card lists them. */
export function letterTargets(recommendations: readonly RecommendationState[]): LetterTarget[] {
  const selected = new Set(recommendations.filter((r) => r.selected).map((r) => r.id))
  return RECOMMENDATIONS.flatMap((r) => {
    const providerType = providerTypeOf(r.id)
    return providerType && selected.has(r.id)
      ? [{ recommendationId: r.id, label: r.label, providerType }]
      : []
  })
}

/** A fresh draft for a target: no provider yet, the usual ask, the report not attached. */
export const newLetterDraft = (target: LetterTarget, id: string): LetterDraft => ({
  id,
  recommendationId: target.recommendationId,
  providerType: target.providerType,
  provider: { name: '' },
  ask: '',
  attachReport: false,
})

/** The heading of a draft and of its email: "Letter to Dr. Ana Ruiz · ENT …". */
export const draftTitle = (draft: LetterDraft) =>
  letterTitle(draft.provider.name.trim(), PROVIDER_TYPE_LABELS[draft.providerType])

/** The provider as the request sends it: trimmed, blank fields left out. */
function providerOf(contact: ProviderContact): ProviderContact {
  const entries = Object.entries(contact)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== undefined && value !== '')
  return { name: '', ...Object.fromEntries(entries) }
}

/** `POST /api/documents/referral-letter`'s body: the assessment's body and the letter. */
export function letterRequest<B extends Assessment>(body: B, draft: LetterDraft) {
  const letter: ReferralLetter = {
    providerType: draft.providerType,
    provider: providerOf(draft.provider),
    ...(draft.ask.trim() ? { ask: draft.ask.trim() } : {}),
    attachReport: draft.attachReport,
  }
  return { ...body, letter }
}

/** What a draft attaches to its email: the letter, and the report when it goes with it. */
export function draftDocuments(draft: LetterDraft): { kinds: DocumentKind[]; labels: string[] } {
  const letter: DocumentKind = 'referral-letter'
  return draft.attachReport
    ? {
        kinds: [letter, 'assessment'],
        labels: [DOCUMENTS['referral-letter'].label, DOCUMENTS.assessment.label],
      }
    : { kinds: [letter], labels: [DOCUMENTS['referral-letter'].label] }
}

/** Whether a draft can be made into a letter: the provider's name is the one required field. */
export const draftReady = (draft: LetterDraft) => draft.provider.name.trim() !== ''

/** What the browser's draft store keeps of a session's letters: the session they belong to. */
export interface StoredLetters {
  version: 1
  sessionId: string
  drafts: LetterDraft[]
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const CONTACT_FIELDS = ['name', 'credentials', 'practice', 'email', 'phone', 'fax', 'address']

function reviveDraft(v: unknown): LetterDraft | null {
  if (!isRecord(v) || !isRecord(v.provider)) return null
  const { id, recommendationId, providerType, ask, attachReport } = v
  if (typeof id !== 'string' || typeof recommendationId !== 'string') return null
  if (!isProviderType(providerType) || typeof v.provider.name !== 'string') return null
  const provider: ProviderContact = { name: v.provider.name }
  for (const field of CONTACT_FIELDS) {
    const value = v.provider[field]
    if (typeof value === 'string') Object.assign(provider, { [field]: value })
  }
  return {
    id,
    recommendationId,
    providerType,
    provider,
    ask: typeof ask === 'string' ? ask : '',
    attachReport: attachReport === true,
  }
}

/**
 * The letters stored for `sessionId`, as today's drafts; an unreadable draft is dropped, and the
 * letters of another session (a draft older than New or Clear) are none.
 */
export function reviveLetters(stored: unknown, sessionId: string): LetterDraft[] {
  if (!isRecord(stored) || stored.version !== 1 || stored.sessionId !== sessionId) return []
  if (!Array.isArray(stored.drafts)) return []
  return stored.drafts.flatMap((d) => reviveDraft(d) ?? [])
}
