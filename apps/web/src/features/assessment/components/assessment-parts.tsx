/**
 * The parts of /app/assessment, each reading only its own slice of the session's value
 * (`useDraftValue`) and memoised, so a keystroke or a tick renders the part it changed and not
 * the 30,000-pixel form around it. Scores and the index are derived per edit once
 * (`assessment-derived.ts`); live scores render deferred, behind the field that changed them.
 */
import { memo, useDeferredValue } from 'react'
import { ArrowDown } from 'lucide-react'
import {
  DOCUMENT_FORM_EMPTY,
  DOCUMENT_FORM_INVALID,
} from '@myodocs/shared/constants/document-messages'
import { MAX_PHOTOS_PER_REQUEST } from '@myodocs/shared/contracts/document-photos'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import type {
  AssessmentSection as SectionDefinition,
  ItemValue,
  SectionId,
} from '@myodocs/shared/domain/assessment-sections'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { useDraftValue } from '../../../lib/drafts/use-draft-session'
import type { DraftSessionStatus, DraftValueStore } from '../../../lib/drafts/use-draft-session'
import { DraftSessionBar } from '../../documents'
import {
  hasContentOf,
  indexStatusOf,
  patientErrorsOf,
  patientNameOf,
  photoCountOf,
  sameIndex,
  sameScores,
  sectionScores,
} from '../assessment-derived'
import type { Assessment, PatientField, RecommendationState } from '../assessment-state'
import type { AssessmentMessages } from '../use-assessment-page'
import { ImpressionCard } from './impression-card'
import { PatientDataCard } from './patient-data-card'
import { RecommendationsCard } from './recommendations-card'
import { ReferralLettersCard } from './referral-letters-card'
import { SectionCard, sectionAnchor } from './section-card'
import { goToSection, SectionIndex } from './section-index'
import type { IndexEntry } from './section-index'

type Store = DraftValueStore<Assessment>
type RecommendationPatch = Partial<Omit<RecommendationState, 'id' | 'label'>>

/** The patient's name and the date under the page's title. */
export const AssessmentSubtitle = memo(function AssessmentSubtitle({
  store,
  active,
}: {
  store: Store
  active: boolean
}) {
  const name = useDraftValue(store, patientNameOf)
  const date = useDraftValue(store, (a) => a.patientData.assessmentDate)
  return (
    <p className="truncate text-sm text-slate-600">
      {name || (active ? 'New patient' : 'No active assessment')}
      {date && ` · ${date}`}
    </p>
  )
})

/** The draft bar, told whether New and Clear have anything to ask about. */
export const AssessmentSessionBar = memo(function AssessmentSessionBar({
  session,
}: {
  session: DraftSessionStatus<Assessment>
}) {
  const content = useDraftValue(session.store, hasContentOf)
  return (
    <DraftSessionBar
      session={session}
      noun="assessment"
      hasContent={content}
      clearsWhat="Everything entered, photos included,"
    />
  )
})

const INDEX_TITLES: [anchor: string, title: string][] = [
  ['section-patient', 'Patient'],
  ...ASSESSMENT_SECTIONS.map((s): [string, string] => [sectionAnchor(s.id), s.title]),
  ['section-recommendations', 'Recommendations'],
  ['section-impression', 'Impression'],
  ['section-documents', 'Documents'],
]

/** The table of contents with each part's completion, rendered when a status reads differently. */
export const AssessmentIndex = memo(function AssessmentIndex({
  store,
  variant,
}: {
  store: Store
  variant: 'bar' | 'sidebar'
}) {
  const statuses = useDeferredValue(useDraftValue(store, indexStatusOf, sameIndex))
  const entries: IndexEntry[] = INDEX_TITLES.map(([anchor, title]) => ({
    anchor,
    title,
    ...statuses[anchor],
  }))
  return <SectionIndex entries={entries} variant={variant} />
})

/** The messages shown under the patient fields: left once, or Generate tried. */
function shownPatientErrors(
  live: Readonly<Record<string, string>>,
  messages: AssessmentMessages,
): Record<string, string> {
  const shown: Record<string, string> = { ...messages.itemErrors }
  for (const [id, message] of Object.entries(live)) {
    const field = id.replace(/^patient-/, '') as PatientField
    if (messages.attempted || messages.touched.has(field)) shown[id] = message
  }
  return shown
}

export const AssessmentPatient = memo(function AssessmentPatient({
  store,
  messages,
  onChange,
  onBlur,
}: {
  store: Store
  messages: AssessmentMessages
  onChange: (field: PatientField, value: string) => void
  onBlur: (field: PatientField) => void
}) {
  const patient = useDraftValue(store, (a) => a.patientData)
  const errors = shownPatientErrors(patientErrorsOf(patient), messages)
  return <PatientDataCard patient={patient} errors={errors} onChange={onChange} onBlur={onBlur} />
})

/** "Complete the highlighted fields" until nothing is highlighted any more, or the failure. */
export const AssessmentFormError = memo(function AssessmentFormError({
  store,
  messages,
  failure,
}: {
  store: Store
  messages: AssessmentMessages
  failure: string | null
}) {
  const highlighted = useDraftValue(
    store,
    (a) => Object.keys(shownPatientErrors(patientErrorsOf(a.patientData), messages)).length > 0,
  )
  const { formError } = messages
  const summaryOfFields = formError === DOCUMENT_FORM_INVALID || formError === DOCUMENT_FORM_EMPTY
  const message = (summaryOfFields && !highlighted ? null : formError) ?? failure
  return message ? <FormError message={message} /> : null
})

export interface SectionHandlers {
  onItemChange: (sectionId: SectionId, itemId: string, value: ItemValue) => void
  onAddImages: (sectionId: SectionId, images: ImageRecord[]) => void
  onRemoveImage: (sectionId: SectionId, imageId: string) => void
  onRenameImage: (sectionId: SectionId, imageId: string, name: string) => void
}

/** One section, rendered when its own items, photos or scores change. */
export const AssessmentSection = memo(function AssessmentSection({
  store,
  section,
  index,
  itemErrors,
  handlers,
}: {
  store: Store
  section: SectionDefinition
  index: number
  itemErrors: Readonly<Record<string, string>>
  handlers: SectionHandlers
}) {
  const data = useDraftValue(store, (a) => a.sections.find((s) => s.id === section.id)!)
  const scores = useDeferredValue(
    useDraftValue(store, (a) => sectionScores(a.sections, section.id), sameScores),
  )
  const photos = useDraftValue(store, photoCountOf)
  const next = ASSESSMENT_SECTIONS[index + 1]
  return (
    <SectionCard
      section={section}
      data={data}
      scores={scores}
      errors={itemErrors}
      onItemChange={handlers.onItemChange}
      photosRemaining={MAX_PHOTOS_PER_REQUEST - photos}
      onAddImages={handlers.onAddImages}
      onRemoveImage={handlers.onRemoveImage}
      onRenameImage={handlers.onRenameImage}
      position={`Section ${index + 1} of ${ASSESSMENT_SECTIONS.length}`}
      footer={
        <Button
          variant="ghost"
          size="sm"
          onClick={() => goToSection(next ? sectionAnchor(next.id) : 'section-recommendations')}
        >
          Next: {next ? next.title : 'Recommendations'}
          <ArrowDown className="size-4" aria-hidden />
        </Button>
      }
    />
  )
})

export const AssessmentRecommendations = memo(function AssessmentRecommendations({
  store,
  onChange,
  onPatientChange,
}: {
  store: Store
  onChange: (id: string, patch: RecommendationPatch) => void
  onPatientChange: (field: PatientField, value: string) => void
}) {
  const recommendations = useDraftValue(store, (a) => a.recommendations)
  const sequencing = useDraftValue(store, (a) => a.patientData.optimalSequencing)
  return (
    <RecommendationsCard
      recommendations={recommendations}
      optimalSequencing={sequencing}
      onChange={onChange}
      onSequencingChange={(value) => onPatientChange('optimalSequencing', value)}
    />
  )
})

/** The Impression; its suggested draft reads the whole assessment, deferred behind the typing. */
export const AssessmentImpression = memo(function AssessmentImpression({
  store,
  onPatientChange,
}: {
  store: Store
  onPatientChange: (field: PatientField, value: string) => void
}) {
  const assessment = useDraftValue(store, (a) => a)
  return (
    <ImpressionCard
      assessment={assessment}
      onChange={(value) => onPatientChange('impression', value)}
    />
  )
})

export const AssessmentLetters = memo(function AssessmentLetters({
  store,
  sessionId,
  prepare,
  onRecommendationChange,
}: {
  store: Store
  sessionId: string | null
  prepare: () => Promise<Assessment | null>
  onRecommendationChange: (id: string, patch: RecommendationPatch) => void
}) {
  const recommendations = useDraftValue(store, (a) => a.recommendations)
  return (
    <ReferralLettersCard
      recommendations={recommendations}
      sessionId={sessionId}
      prepare={prepare}
      onRecommendationChange={onRecommendationChange}
    />
  )
})

/** "n of 12 photos" under Documents. */
export const AssessmentPhotoCount = memo(function AssessmentPhotoCount({
  store,
}: {
  store: Store
}) {
  const photos = useDraftValue(store, photoCountOf)
  return (
    <p className="mt-1 text-xs text-slate-500">
      {photos} of {MAX_PHOTOS_PER_REQUEST} photos · nothing is stored on our servers
    </p>
  )
})
