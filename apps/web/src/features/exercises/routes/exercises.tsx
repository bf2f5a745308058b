/**
 * /app/exercises (Exercise Prescription): the session header, the catalog and the
 * program summary in one form validated by the shared schema, kept as
 * an encrypted draft on this device (new, edit, clear), then Generate
 * Prescription or Generate After-Visit Summary.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { FormProvider, useFormContext, useWatch } from 'react-hook-form'
import type { FieldErrors, Path } from 'react-hook-form'
import { DOCUMENT_FORM_INVALID } from '@myodocs/shared/constants/document-messages'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/exercise-document'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import type { DocumentKindOf } from '@myodocs/shared/contracts/document-registry'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { useZodForm } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { useDraftSessionStatus } from '../../../lib/drafts/use-draft-session'
import type { DraftSessionStatus } from '../../../lib/drafts/use-draft-session'
import { usePageMeta } from '../../../lib/page-meta'
import {
  DocumentPreviewDialog,
  DraftSessionBar,
  StartFromPreviousCard,
  useBroughtPractice,
  useBroughtIn,
  useDocumentGenerator,
} from '../../documents'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { lastMeasures, programOf } from '@myodocs/shared/domain/session-file'
import { useSendDialog } from '../../email'
import { useSettings } from '../../settings'
import { CatalogErrorBoundary } from '../components/catalog-error-boundary'
import { ExerciseCatalog } from '../components/exercise-catalog'
import { ProgramSummary, PROGRAM_SUMMARY_ID } from '../components/program-summary'
import { SessionDetails, SessionSafety, SessionVisit } from '../components/session-details'
import {
  EXERCISE_INDEX,
  hasSessionContent,
  restoreCustom,
  restoreExerciseSession,
} from '../exercise-program'

type Session = ExerciseDocumentRequestInput

/** The message about the exercise list as a whole (At least one exercise must be selected). */
function listError(errors: FieldErrors<Session>): string | undefined {
  const list = errors.exercises as { message?: string; root?: { message?: string } } | undefined
  return list?.root?.message ?? list?.message
}

export default function ExercisesPage() {
  usePageMeta({
    title: 'Exercise Prescription',
    description: 'Build a home exercise program and print it for the family.',
  })
  // The page renders for the session's status only: the form holds the value while it is edited.
  const session = useDraftSessionStatus<Session>({
    kind: 'exercises',
    create: () => emptyExerciseSession(new Date()),
    revive: (stored) => restoreExerciseSession(stored, new Date()),
  })

  return (
    <div className="space-y-6 pb-16 lg:pb-0">
      <header className="space-y-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Exercise Prescription
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Tick the exercises for this patient, adjust minutes and variations, and print a home
            program the family can follow.
          </p>
        </div>
      </header>
      {/* The form waits for the draft, so nothing typed is overwritten by a restore. */}
      {session.phase === 'restoring' ? (
        <Spinner label="Opening your draft…" />
      ) : (
        <ExerciseSessionForm session={session} />
      )}
    </div>
  )
}

/** The draft bar, told whether New and Clear have anything to ask about; renders on each edit. */
function ExerciseSessionBar({ session }: { session: DraftSessionStatus<Session> }) {
  const values = useWatch({ control: useFormContext<Session>().control }) as Session
  return (
    <DraftSessionBar
      session={session}
      noun="exercise session"
      hasContent={hasSessionContent(values)}
    />
  )
}

function ExerciseSessionForm({ session }: { session: DraftSessionStatus<Session> }) {
  const videoLinks = useSettings().exerciseVideos.links
  const documents = useDocumentGenerator()
  const sending = useSendDialog()
  const { store, update } = session
  const [initial] = useState(store.getValue)
  const form = useZodForm(ExerciseDocumentRequestSchema, { defaultValues: initial })

  // Edits go to the draft session; a value the session replaces (restore, New, Clear) resets the
  // form. `pushed` tells the two apart.
  const pushed = useRef<Session>(initial)
  useEffect(() => {
    const subscription = form.watch((next, { name }) => {
      // A reset (restore, New, Clear) names no field: it is the session's value already.
      if (name === undefined) return
      pushed.current = structuredClone(next) as Session
      update(pushed.current)
    })
    return () => subscription.unsubscribe()
  }, [form, update])
  const { dismissFailure } = documents
  useEffect(() => {
    const follow = () => {
      const value = store.getValue()
      if (value === pushed.current) return
      pushed.current = value
      form.reset(value)
      dismissFailure()
    }
    follow()
    return store.subscribe(follow)
  }, [store, form, dismissFailure])

  // A 400 from the server puts its messages under the fields, as the browser's own check does.
  const { failure } = documents
  useEffect(() => {
    for (const [field, message] of Object.entries(failure?.fields ?? {}))
      form.setError(field as Path<Session>, { type: 'server', message })
  }, [failure, form])

  // Documents brought in: the prescription lists what changed from the latest program, the
  // after-visit summary compares today's measures with last time. Kept for this tab only.
  const [brought, holdBrought] = useBroughtIn('exercises', session.sessionId)
  const previous = useMemo(() => {
    const latest = brought?.[brought.length - 1]
    const previousProgram = latest && programOf(latest)
    return previousProgram ? { previousProgram, previousMeasures: lastMeasures(brought) } : null
  }, [brought])
  // A practice summary from the patient's companion, for this session only (in memory).
  const [homePractice, bringPractice] = useBroughtPractice(session.sessionId)
  const withPrevious = <B extends object>(body: B): B => ({
    ...body,
    ...previous,
    ...(homePractice ? { homePractice } : {}),
  })

  async function startFrom(payloads: SessionFilePayload[]) {
    const latest = payloads[payloads.length - 1]!
    if (latest.kind === 'assessment') return
    const program = programOf(latest)!
    holdBrought(payloads)
    await session.start()
    const fresh = emptyExerciseSession(new Date())
    const chosen = new Map(program.exercises.map((e) => [e.exerciseId, e]))
    session.update({
      ...fresh,
      sessionData: {
        ...fresh.sessionData,
        patientFirstName: latest.patient.firstName,
        patientLastName: latest.patient.lastName,
        patientDOB: latest.patient.dob,
        sessionNumber: Math.min(999, latest.sessionNumber + 1),
      },
      // The previous program, ticked with its settings, is where the next one starts; the
      // practice's own exercises come back with the words they were printed with.
      exercises: [
        ...fresh.exercises.map((exercise) => {
          const before = chosen.get(exercise.exerciseId)
          return before
            ? {
                ...exercise,
                selected: true,
                minutes: before.minutes,
                selectedVariation: before.selectedVariation,
                frequency: before.frequency,
              }
            : exercise
        }),
        ...restoreCustom(latest.exercises),
      ],
    })
  }

  const generate = (kind: DocumentKindOf<'exercise'>) =>
    form.handleSubmit(
      (body) =>
        documents.generate({ kind, body: withPrevious(body), sessionId: session.sessionId }),
      (errors) => {
        // Field errors get focus from react-hook-form; an empty program has no field, so bring
        // its message into view.
        if (!errors.sessionData && listError(errors))
          document.getElementById(PROGRAM_SUMMARY_ID)?.scrollIntoView({ block: 'nearest' })
      },
    )()

  // The patient's address is not part of an exercise session: the dialog starts with an empty
  // recipient to fill in.
  const openSend = (kinds?: DocumentKindOf<'exercise'>[]) =>
    form.handleSubmit(
      (body) =>
        sending.open({ session: 'exercise', data: withPrevious(body), kinds, recipients: [] }),
      (errors) => {
        if (!errors.sessionData && listError(errors))
          document.getElementById(PROGRAM_SUMMARY_ID)?.scrollIntoView({ block: 'nearest' })
      },
    )()

  const errors = form.formState.errors
  const invalid = form.formState.isSubmitted && Object.keys(errors).length > 0
  const problem =
    listError(errors) ??
    (invalid ? DOCUMENT_FORM_INVALID : failure && !failure.handledByShell ? failure.message : null)

  return (
    <FormProvider {...form}>
      <ExerciseSessionBar session={session} />
      <div className="mt-4">
        <StartFromPreviousCard page="exercise" onStart={startFrom} onPractice={bringPractice} />
      </div>
      <form noValidate onSubmit={(e) => e.preventDefault()} className="mt-4">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
          <div className="min-w-0 space-y-6">
            <SessionDetails />
            <SessionSafety />
            <SessionVisit />
            <CatalogErrorBoundary onStartNew={() => void session.start()}>
              <ExerciseCatalog videoLinks={videoLinks} indexById={EXERCISE_INDEX} />
            </CatalogErrorBoundary>
          </div>
          <aside className="lg:sticky lg:top-4">
            <ProgramSummary
              onGenerate={(kind) => void generate(kind)}
              onSend={() => void openSend()}
              pending={documents.pendingKind}
              problem={problem ?? undefined}
            />
          </aside>
        </div>
      </form>
      <DocumentPreviewDialog
        {...documents.preview}
        onSend={() => {
          const kind = documents.preview.kind
          documents.preview.onClose()
          void openSend(kind ? [kind as DocumentKindOf<'exercise'>] : undefined)
        }}
      />
      {sending.dialog}
    </FormProvider>
  )
}
