/**
 * /app/assessment, the Myofunctional Assessment: patient data, the seven
 * sections with live scores and photos, recommendations, then the assessment report and the
 * patient summary. The form is one clinical session, autosaved encrypted on this
 * device, so a reload, a crash or an idle logout during a 60–90 minute visit loses nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ArrowDown, FileText, Send, Users } from 'lucide-react'
import {
  DOCUMENT_FORM_INVALID,
  DOCUMENT_FORM_EMPTY,
  IMPRESSION_MISSING,
  IMPRESSION_MISSING_ACTIONS,
} from '@myodocs/shared/constants/document-messages'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import { MAX_PHOTOS_PER_REQUEST } from '@myodocs/shared/contracts/documents'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import type { DocumentKindOf } from '@myodocs/shared/contracts/document-registry'
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import type { ItemValue, SectionId } from '@myodocs/shared/domain/assessment-sections'
import {
  computeAssessmentScales,
  valuesFromSections,
} from '@myodocs/shared/domain/assessment-scales'
import { sectionCompletion } from '@myodocs/shared/domain/assessment-session'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form'
import { PhoneActionBar } from '../../../components/ui/phone-action-bar'
import { Spinner } from '../../../components/ui/spinner'
import { useDraftSession } from '../../../lib/drafts/use-draft-session'
import { usePageMeta } from '../../../lib/page-meta'
import {
  DocumentPreviewDialog,
  DraftSessionBar,
  StartFromPreviousCard,
  useBroughtIn,
  useBroughtPractice,
  useDocumentGenerator,
} from '../../documents'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { previousItemValues, visitScoresOf } from '@myodocs/shared/domain/session-file'
import { PreviousValuesContext } from '../components/previous-value'
import type { PreviousValues } from '../components/previous-value'
import { useSendDialog } from '../../email'
import {
  addImages,
  fieldsFromServer,
  hasContent,
  newAssessment,
  patientErrors,
  photoCount,
  removeImage,
  renameImage,
  reviveAssessment,
  setItemValue,
  setPatientField,
  setRecommendation,
  validateAssessment,
} from '../assessment-state'
import type { Assessment, PatientField, RecommendationState } from '../assessment-state'
import { itemFieldId } from '../assessment-state'
import { PatientDataCard } from '../components/patient-data-card'
import { ProfileNotice } from '../components/profile-notice'
import { RecommendationsCard } from '../components/recommendations-card'
import { ReferralLettersCard } from '../components/referral-letters-card'
import { ImpressionCard } from '../components/impression-card'
import { SectionCard, sectionAnchor } from '../components/section-card'
import { goToSection, SectionIndex } from '../components/section-index'
import type { IndexEntry } from '../components/section-index'

const REQUIRED_PATIENT_FIELDS = [
  'patientFirstName',
  'patientLastName',
  'patientDOB',
  'assessmentDate',
] as const satisfies readonly PatientField[]

const ANCHORS = [
  'section-patient',
  ...ASSESSMENT_SECTIONS.map((s) => sectionAnchor(s.id)),
  'section-recommendations',
  'section-impression',
  'section-letters',
  'section-documents',
]

/** Puts the keyboard on a control by id (a group's first choice when the id is its container). */
function focusControl(id: string) {
  const element = document.getElementById(id)
  if (!element) return
  const control = element.matches('input, select, textarea, button')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea, button')
  element.scrollIntoView({ block: 'center' })
  control?.focus({ preventScroll: true })
}

export default function AssessmentPage() {
  usePageMeta({
    title: 'Myofunctional Assessment',
    description: 'Myofunctional Assessment: findings, scores, photos and recommendations.',
  })
  const session = useDraftSession<Assessment>({
    kind: 'assessment',
    create: newAssessment,
    revive: reviveAssessment,
  })
  const documents = useDocumentGenerator()
  const sending = useSendDialog()
  const { update } = session
  const assessment = session.value

  // Earlier reports brought in: their scores go into the report, the latest values show beside
  // each item. Kept for this tab only (sessionStorage), so a reload keeps them.
  const [brought, holdBrought] = useBroughtIn(
    'assessment',
    session.sessionId,
    session.phase === 'restoring',
  )
  const history = useMemo(() => brought?.flatMap((p) => visitScoresOf(p) ?? []), [brought])
  const previous = useMemo<PreviousValues | null>(() => {
    const latest = brought?.[brought.length - 1]
    return latest ? { date: latest.date, values: previousItemValues(latest) } : null
  }, [brought])
  // A practice summary from the patient's companion: the re-evaluation prints the home practice.
  const [homePractice, bringPractice] = useBroughtPractice(session.sessionId)
  const withHistory = <R extends Assessment>(request: R): R => ({
    ...request,
    ...(history ? { history } : {}),
    ...(homePractice ? { homePractice } : {}),
  })

  async function startFrom(payloads: SessionFilePayload[]) {
    const latest = payloads[payloads.length - 1]!
    holdBrought(payloads)
    await session.start()
    const fresh = newAssessment()
    update({
      ...fresh,
      patientData: {
        ...fresh.patientData,
        patientFirstName: latest.patient.firstName,
        patientLastName: latest.patient.lastName,
        patientDOB: latest.patient.dob,
      },
    })
  }

  const [touched, setTouched] = useState<ReadonlySet<PatientField>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)

  // A new or cleared session starts without messages; the first edit, which starts the session,
  // keeps them (it may be the answer to "complete the highlighted fields").
  const [shownSession, setShownSession] = useState(session.sessionId)
  if (shownSession !== session.sessionId) {
    setShownSession(session.sessionId)
    if (shownSession !== null) resetMessages()
  }
  function resetMessages() {
    setTouched(new Set())
    setAttempted(false)
    setItemErrors({})
    setFormError(null)
    documents.dismissFailure()
  }

  const onItemChange = useCallback(
    (sectionId: SectionId, itemId: string, value: ItemValue) => {
      update((a) => setItemValue(a, sectionId, itemId, value))
      setItemErrors((errors) => {
        if (!(itemFieldId(itemId) in errors)) return errors
        const { [itemFieldId(itemId)]: _gone, ...rest } = errors
        return rest
      })
    },
    [update],
  )
  const onAddImages = useCallback(
    (sectionId: SectionId, images: ImageRecord[]) => update((a) => addImages(a, sectionId, images)),
    [update],
  )
  const onRemoveImage = useCallback(
    (sectionId: SectionId, imageId: string) => update((a) => removeImage(a, sectionId, imageId)),
    [update],
  )
  const onRenameImage = useCallback(
    (sectionId: SectionId, imageId: string, name: string) =>
      update((a) => renameImage(a, sectionId, imageId, name)),
    [update],
  )
  const onPatientChange = useCallback(
    (field: PatientField, value: string) => update((a) => setPatientField(a, field, value)),
    [update],
  )
  const onPatientBlur = useCallback(
    (field: PatientField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
    [],
  )
  const onRecommendationChange = useCallback(
    (id: string, patch: Partial<Omit<RecommendationState, 'id' | 'label'>>) =>
      update((a) => setRecommendation(a, id, patch)),
    [update],
  )

  // Scores depend on the sections only: typing a patient name does not recompute them.
  const sections = assessment.sections
  const scores = useMemo(
    () =>
      new Map(
        computeAssessmentScales(valuesFromSections(sections)).map((r) => [r.itemId, r.result]),
      ),
    [sections],
  )
  const livePatientErrors = useMemo(
    () => patientErrors(assessment.patientData),
    [assessment.patientData],
  )
  const errors = useMemo(() => {
    const shown: Record<string, string> = { ...itemErrors }
    for (const [id, message] of Object.entries(livePatientErrors)) {
      const field = id.replace(/^patient-/, '') as PatientField
      if (attempted || touched.has(field)) shown[id] = message
    }
    return shown
  }, [itemErrors, livePatientErrors, attempted, touched])

  // "Complete the highlighted fields" goes once nothing is highlighted any more.
  const summaryOfFields = formError === DOCUMENT_FORM_INVALID || formError === DOCUMENT_FORM_EMPTY
  const shownFormError = summaryOfFields && Object.keys(errors).length === 0 ? null : formError

  const photos = photoCount(assessment)
  const content = hasContent(assessment)

  /** The request the form makes, or null after showing what to correct. */
  function checkedRequest() {
    setAttempted(true)
    const checked = validateAssessment(assessment)
    if (checked.ok) return checked.request
    setItemErrors(
      Object.fromEntries(
        Object.entries(checked.fields).filter(([id]) => !id.startsWith('patient-')),
      ),
    )
    // Untouched, the form says so rather than "no active session": the highlights show what to fill.
    setFormError(checked.form ?? (content ? DOCUMENT_FORM_INVALID : DOCUMENT_FORM_EMPTY))
    const first = ANCHORS.flatMap((anchor) =>
      Array.from(document.getElementById(anchor)?.querySelectorAll('[id]') ?? []),
    ).find((el) => el.id in checked.fields)
    if (first) focusControl(first.id)
    return null
  }

  // Asked once per click: a report without an Impression goes out only if the therapist says so.
  const [impressionPrompt, setImpressionPrompt] = useState(false)
  // The phone's action bar steps aside while either row of the page's own buttons is in view.
  const headerActions = useRef<HTMLDivElement>(null)
  const sectionActions = useRef<HTMLDivElement>(null)

  async function generate(kind: DocumentKindOf<'assessment'>, { withoutImpression = false } = {}) {
    setFormError(null)
    documents.dismissFailure()
    const request = checkedRequest()
    if (!request) return
    const needsImpression = kind === 'assessment' && !request.patientData.impression.trim()
    setImpressionPrompt(needsImpression && !withoutImpression)
    if (needsImpression && !withoutImpression) return
    await session.flush()
    const file = await documents.generate({
      kind,
      body: withHistory(request),
      sessionId: session.sessionId,
    })
    if (file) setAttempted(false)
  }

  /** Opens the Send dialog with the form as it is, checked like Generate checks it. */
  function openSend(kinds?: DocumentKindOf<'assessment'>[]) {
    setFormError(null)
    documents.dismissFailure()
    const request = checkedRequest()
    if (!request) return
    setAttempted(false)
    const p = request.patientData
    sending.open({
      session: 'assessment',
      data: withHistory(request),
      kinds,
      recipients: [
        ...(p.patientEmail
          ? [
              {
                role: 'patient' as const,
                name: `${p.patientFirstName} ${p.patientLastName}`,
                address: p.patientEmail,
              },
            ]
          : []),
        ...(p.referringPartyEmail
          ? [
              {
                role: 'referringProvider' as const,
                name: p.referringParty,
                address: p.referringPartyEmail,
              },
            ]
          : []),
      ],
    })
  }

  /** The checked request a referral letter is made from; null after showing what to correct. */
  async function letterBody() {
    setFormError(null)
    documents.dismissFailure()
    const request = checkedRequest()
    if (!request) return null
    setAttempted(false)
    await session.flush()
    return withHistory(request)
  }

  // A server 400 names fields by path: show them under their controls.
  const serverFields = documents.failure?.fields
  const [seenServerFields, setSeenServerFields] = useState(serverFields)
  if (serverFields !== seenServerFields) {
    setSeenServerFields(serverFields)
    if (serverFields) setItemErrors(fieldsFromServer(assessment, serverFields))
  }

  // Alt + Page Down / Page Up: next or previous section, from wherever the focus is.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== 'PageDown' && e.key !== 'PageUp')) return
      e.preventDefault()
      const within = ANCHORS.findIndex((a) =>
        document.getElementById(a)?.contains(document.activeElement),
      )
      const top = ANCHORS.findIndex(
        (a) => (document.getElementById(a)?.getBoundingClientRect().bottom ?? 0) > 140,
      )
      const here = within >= 0 ? within : Math.max(0, top)
      const next = Math.min(ANCHORS.length - 1, Math.max(0, here + (e.key === 'PageDown' ? 1 : -1)))
      goToSection(ANCHORS[next]!)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const indexEntries: IndexEntry[] = useMemo(() => {
    const patientDone = REQUIRED_PATIENT_FIELDS.filter(
      (f) => assessment.patientData[f].trim() !== '',
    ).length
    return [
      {
        anchor: 'section-patient',
        title: 'Patient',
        status: `${patientDone} of ${REQUIRED_PATIENT_FIELDS.length} required fields`,
      },
      ...ASSESSMENT_SECTIONS.map((section) => ({
        anchor: sectionAnchor(section.id),
        title: section.title,
        completion: sectionCompletion(
          section.id,
          assessment.sections.find((s) => s.id === section.id)?.items ?? [],
        ),
      })),
      {
        anchor: 'section-recommendations',
        title: 'Recommendations',
        status: `${assessment.recommendations.filter((r) => r.selected).length} selected`,
      },
      {
        anchor: 'section-impression',
        title: 'Impression',
        status: assessment.patientData.impression?.trim() ? 'Written' : 'Not written yet',
      },
      { anchor: 'section-documents', title: 'Documents', status: 'Report and summary' },
    ]
  }, [assessment])

  if (session.phase === 'restoring')
    return <Spinner label="Opening your saved assessment…" className="min-h-[50vh]" />

  const patientName = [
    assessment.patientData.patientFirstName,
    assessment.patientData.patientLastName,
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
  const failure = documents.failure && !documents.failure.handledByShell ? documents.failure : null
  const impressionNotice = impressionPrompt ? (
    <div
      role="alert"
      className="mt-2 w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{IMPRESSION_MISSING}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setImpressionPrompt(false)
            goToSection('section-impression')
          }}
        >
          {IMPRESSION_MISSING_ACTIONS.write}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void generate('assessment', { withoutImpression: true })}
        >
          {IMPRESSION_MISSING_ACTIONS.skip}
        </Button>
      </div>
    </div>
  ) : null
  const generateButtons = (size: 'sm' | 'md') => (
    <>
      <Button
        size={size}
        pending={documents.pendingKind === 'assessment'}
        disabled={documents.pendingKind !== null}
        onClick={() => void generate('assessment')}
      >
        {documents.pendingKind !== 'assessment' && <FileText className="size-4" aria-hidden />}
        Generate Report
      </Button>
      <Button
        size={size}
        variant="outline"
        pending={documents.pendingKind === 'patient-summary'}
        disabled={documents.pendingKind !== null}
        onClick={() => void generate('patient-summary')}
      >
        {documents.pendingKind !== 'patient-summary' && <Users className="size-4" aria-hidden />}
        Generate Patient Summary
      </Button>
      <Button
        size={size}
        variant="outline"
        disabled={documents.pendingKind !== null}
        onClick={() => openSend()}
      >
        <Send className="size-4" aria-hidden />
        {SEND_BUTTON}
      </Button>
    </>
  )

  return (
    <div className="pb-24 sm:pb-16">
      <header className="-mx-4 border-b border-slate-200 bg-slate-50/95 px-4 pb-2 pt-3 backdrop-blur sm:sticky sm:top-0 sm:z-20 sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              Myofunctional Assessment
            </h1>
            <p className="truncate text-sm text-slate-600">
              {patientName || (session.sessionId ? 'New patient' : 'No active assessment')}
              {assessment.patientData.assessmentDate &&
                ` · ${assessment.patientData.assessmentDate}`}
            </p>
          </div>
          <div ref={headerActions} className="flex flex-wrap gap-2">
            {generateButtons('md')}
          </div>
          {impressionNotice}
        </div>
        <div className="mt-2">
          <DraftSessionBar
            session={session}
            noun="assessment"
            hasContent={content}
            clearsWhat="Everything entered, photos included,"
          />
        </div>
        <div className="mt-2 hidden sm:block xl:hidden">
          <SectionIndex entries={indexEntries} variant="bar" />
        </div>
      </header>
      {/* On a phone only the section bar stays in view: the screen is too short for the rest. */}
      <div className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:hidden">
        <SectionIndex entries={indexEntries} variant="bar" />
      </div>

      <div className="mt-6 xl:grid xl:grid-cols-[minmax(0,1fr)_13rem] xl:gap-8">
        <div className="min-w-0 space-y-6">
          <ProfileNotice />
          <StartFromPreviousCard page="assessment" onStart={startFrom} onPractice={bringPractice} />
          {(shownFormError || failure) && (
            <div id="assessment-errors" tabIndex={-1}>
              <FormError message={shownFormError ?? failure?.message} />
            </div>
          )}
          <PreviousValuesContext.Provider value={previous}>
            <PatientDataCard
              patient={assessment.patientData}
              errors={errors}
              onChange={onPatientChange}
              onBlur={onPatientBlur}
            />
            {ASSESSMENT_SECTIONS.map((section, index) => {
              const next = ASSESSMENT_SECTIONS[index + 1]
              return (
                <SectionCard
                  key={section.id}
                  section={section}
                  data={assessment.sections.find((s) => s.id === section.id)!}
                  scores={scores}
                  errors={errors}
                  onItemChange={onItemChange}
                  photosRemaining={MAX_PHOTOS_PER_REQUEST - photos}
                  onAddImages={onAddImages}
                  onRemoveImage={onRemoveImage}
                  onRenameImage={onRenameImage}
                  position={`Section ${index + 1} of ${ASSESSMENT_SECTIONS.length}`}
                  footer={
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        goToSection(next ? sectionAnchor(next.id) : 'section-recommendations')
                      }
                    >
                      Next: {next ? next.title : 'Recommendations'}
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                  }
                />
              )
            })}
          </PreviousValuesContext.Provider>
          <RecommendationsCard
            recommendations={assessment.recommendations}
            optimalSequencing={assessment.patientData.optimalSequencing}
            onChange={onRecommendationChange}
            onSequencingChange={(value) => onPatientChange('optimalSequencing', value)}
          />
          <ImpressionCard
            assessment={assessment}
            onChange={(value) => onPatientChange('impression', value)}
          />
          <ReferralLettersCard
            recommendations={assessment.recommendations}
            sessionId={session.sessionId}
            prepare={letterBody}
            onRecommendationChange={onRecommendationChange}
          />
          <section
            id="section-documents"
            aria-labelledby="section-documents-title"
            className="scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2
              id="section-documents-title"
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
            >
              Documents
            </h2>
            <p className="mt-1 max-w-prose text-sm text-slate-600">
              The <strong className="font-medium text-slate-800">assessment report</strong> is for
              the referring provider: every finding recorded, scores with their bands, photos and
              recommendations. The{' '}
              <strong className="font-medium text-slate-800">patient summary</strong> explains the
              findings and next steps in plain language.
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {photos} of {MAX_PHOTOS_PER_REQUEST} photos · nothing is stored on our servers
            </p>
            {(shownFormError || failure) && (
              <div className="mt-3">
                <FormError message={shownFormError ?? failure?.message} />
              </div>
            )}
            <div ref={sectionActions} className="mt-4 flex flex-wrap gap-2">
              {generateButtons('md')}
            </div>
            {impressionNotice}
          </section>
        </div>
        <aside className="hidden xl:block">
          <div className="sticky top-36">
            <SectionIndex entries={indexEntries} variant="sidebar" />
          </div>
        </aside>
      </div>
      <PhoneActionBar label="Assessment actions" watch={[headerActions, sectionActions]} until="sm">
        <Button
          className="flex-1"
          pending={documents.pendingKind === 'assessment'}
          disabled={documents.pendingKind !== null}
          onClick={() => void generate('assessment')}
        >
          Report
        </Button>
        <Button
          className="flex-1"
          variant="outline"
          pending={documents.pendingKind === 'patient-summary'}
          disabled={documents.pendingKind !== null}
          onClick={() => void generate('patient-summary')}
        >
          Summary
        </Button>
        <Button
          className="flex-1"
          variant="outline"
          disabled={documents.pendingKind !== null}
          onClick={() => openSend()}
        >
          <Send className="size-4" aria-hidden />
          {SEND_BUTTON}
        </Button>
      </PhoneActionBar>
      <DocumentPreviewDialog
        {...documents.preview}
        onSend={() => {
          const kind = documents.preview.kind
          documents.preview.onClose()
          openSend(kind ? [kind as DocumentKindOf<'assessment'>] : undefined)
        }}
      />
      {sending.dialog}
    </div>
  )
}
