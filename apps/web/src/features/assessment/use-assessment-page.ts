/**
 * What /app/assessment does, apart from its markup: the clinical session (autosaved encrypted on
 * this device), the earlier documents brought in, the messages under the fields and at the top,
 * and Generate, Send and a referral letter's request, each checked the same way. The page does
 * not re-render on an edit: the session's value is read by each part of the form
 * (`useDraftValue`) and by these actions when they run.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  DOCUMENT_FORM_EMPTY,
  DOCUMENT_FORM_INVALID,
} from '@myodocs/shared/constants/document-messages'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import type { DocumentKindOf } from '@myodocs/shared/contracts/document-registry'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import type { ItemValue, SectionId } from '@myodocs/shared/domain/assessment-sections'
import {
  latestReferral,
  previousItemValues,
  visitScoresOf,
} from '@myodocs/shared/domain/session-file'
import type { DraftPersistence } from '../../lib/drafts/draft-session'
import { useDraftSessionStatus } from '../../lib/drafts/use-draft-session'
import { useBroughtIn, useBroughtPractice, useDocumentGenerator } from '../documents'
import { useSendDialog } from '../email'
import {
  addImages,
  fieldsFromServer,
  hasContent,
  itemFieldId,
  newAssessment,
  removeImage,
  renameImage,
  reviveAssessment,
  setItemValue,
  setPatientField,
  setRecommendation,
  validateAssessment,
} from './assessment-state'
import type { Assessment, PatientField, RecommendationState } from './assessment-state'
import type { PreviousValues } from './components/previous-value'
import { sectionAnchor } from './components/section-card'
import { goToSection } from './components/section-index'

/** The page's parts in form order: the index, Alt+Page Down/Up and the first field to fix. */
export const ANCHORS = [
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

type RecommendationPatch = Partial<Omit<RecommendationState, 'id' | 'label'>>

/** The messages the form shows: which patient fields were left, whether Generate was tried. */
export interface AssessmentMessages {
  touched: ReadonlySet<PatientField>
  attempted: boolean
  /** Item messages by control id, from Generate's check or the server's 400. */
  itemErrors: Readonly<Record<string, string>>
  formError: string | null
}

export function useAssessmentPage({ persistence }: { persistence?: DraftPersistence } = {}) {
  const session = useDraftSessionStatus<Assessment>({
    kind: 'assessment',
    create: newAssessment,
    revive: reviveAssessment,
    persistence,
  })
  const documents = useDocumentGenerator()
  const sending = useSendDialog()
  const { update, store } = session

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
    // Who referred the patient and why carry over; this visit's findings are typed anew.
    const referral = latestReferral(payloads)
    update({
      ...fresh,
      patientData: {
        ...fresh.patientData,
        patientFirstName: latest.patient.firstName,
        patientLastName: latest.patient.lastName,
        patientDOB: latest.patient.dob,
        ...(referral && {
          referringParty: referral.referringParty,
          reasonForReferral: referral.reasonForReferral,
          patientChiefComplaint: referral.chiefComplaint,
        }),
      },
    })
  }

  const [touched, setTouched] = useState<ReadonlySet<PatientField>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  // Asked once per click: a report without an Impression goes out only if the therapist says so.
  const [impressionPrompt, setImpressionPrompt] = useState(false)

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
    (id: string, patch: RecommendationPatch) => update((a) => setRecommendation(a, id, patch)),
    [update],
  )

  /** The request the form makes, or null after showing what to correct. */
  function checkedRequest() {
    setAttempted(true)
    const assessment = store.getValue()
    const checked = validateAssessment(assessment)
    if (checked.ok) return checked.request
    setItemErrors(
      Object.fromEntries(
        Object.entries(checked.fields).filter(([id]) => !id.startsWith('patient-')),
      ),
    )
    // Untouched, the form says so rather than "no active session": the highlights show what to fill.
    setFormError(
      checked.form ?? (hasContent(assessment) ? DOCUMENT_FORM_INVALID : DOCUMENT_FORM_EMPTY),
    )
    const first = ANCHORS.flatMap((anchor) =>
      Array.from(document.getElementById(anchor)?.querySelectorAll('[id]') ?? []),
    ).find((el) => el.id in checked.fields)
    if (first) focusControl(first.id)
    return null
  }

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
  // The letters card keeps one function across renders; it calls the latest.
  const latestLetterBody = useRef(letterBody)
  useEffect(() => {
    latestLetterBody.current = letterBody
  })
  const prepareLetter = useCallback(() => latestLetterBody.current(), [])

  // A server 400 names fields by path: show them under their controls.
  const serverFields = documents.failure?.fields
  const [seenServerFields, setSeenServerFields] = useState(serverFields)
  if (serverFields !== seenServerFields) {
    setSeenServerFields(serverFields)
    if (serverFields) setItemErrors(fieldsFromServer(store.getValue(), serverFields))
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

  const messages: AssessmentMessages = useMemo(
    () => ({ touched, attempted, itemErrors, formError }),
    [touched, attempted, itemErrors, formError],
  )
  const failure = documents.failure && !documents.failure.handledByShell ? documents.failure : null

  return {
    session,
    documents,
    sendDialog: sending.dialog,
    previous,
    startFrom,
    bringPractice,
    messages,
    failure,
    impressionPrompt,
    dismissImpressionPrompt: () => setImpressionPrompt(false),
    onItemChange,
    onAddImages,
    onRemoveImage,
    onRenameImage,
    onPatientChange,
    onPatientBlur,
    onRecommendationChange,
    generate,
    openSend,
    prepareLetter,
  }
}
