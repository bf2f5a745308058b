/**
 * SPEC §2 /app/exercises (Exercise Prescription): the session header, the catalog and the
 * program summary in one form validated by the shared schema (SPEC §5 exercise session), then
 * Generate Prescription or Generate After-Visit Summary.
 */
import { useState } from 'react'
import { FormProvider } from 'react-hook-form'
import type { FieldErrors } from 'react-hook-form'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import type {
  ExerciseDocumentRequest,
  ExerciseDocumentRequestInput,
} from '@myodocs/shared/contracts/documents'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { useZodForm } from '../../../components/ui/form'
import { usePageMeta } from '../../../lib/page-meta'
import { useSettings } from '../../settings/api/get-settings'
import { CatalogErrorBoundary } from '../components/catalog-error-boundary'
import { ExerciseCatalog } from '../components/exercise-catalog'
import { ProgramSummary, PROGRAM_SUMMARY_ID } from '../components/program-summary'
import type { DocumentKind } from '../components/program-summary'
import { SessionDetails } from '../components/session-details'
import { EXERCISE_INDEX } from '../exercise-program'

/** The message about the exercise list as a whole (At least one exercise must be selected). */
function listError(errors: FieldErrors<ExerciseDocumentRequestInput>): string | undefined {
  const list = errors.exercises as { message?: string; root?: { message?: string } } | undefined
  return list?.root?.message ?? list?.message
}

export default function ExercisesPage() {
  usePageMeta({
    title: 'Exercise Prescription',
    description: 'Build a home exercise program and print it for the family.',
  })
  const videoLinks = useSettings().exerciseVideos.links
  const form = useZodForm(ExerciseDocumentRequestSchema, {
    defaultValues: emptyExerciseSession(new Date()),
  })
  const [pending, setPending] = useState<DocumentKind | null>(null)

  const generate = (kind: DocumentKind) =>
    form.handleSubmit(
      async (values: ExerciseDocumentRequest) => {
        setPending(kind)
        try {
          // Wired to the shared document call once it lands (helper/assessment).
          void values
        } finally {
          setPending(null)
        }
      },
      (errors) => {
        // Field errors get focus from react-hook-form; an empty program has no field, so bring
        // its message into view.
        if (!errors.sessionData && listError(errors))
          document.getElementById(PROGRAM_SUMMARY_ID)?.scrollIntoView({ block: 'nearest' })
      },
    )()

  const startNew = () => form.reset(emptyExerciseSession(new Date()))

  return (
    <div className="space-y-6 pb-16 lg:pb-0">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Exercise Prescription
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Tick the exercises for this patient, adjust minutes and variations, and print a home
          program the family can follow.
        </p>
      </header>
      <FormProvider {...form}>
        <form noValidate onSubmit={(e) => e.preventDefault()}>
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
            <div className="min-w-0 space-y-6">
              <SessionDetails />
              <CatalogErrorBoundary onStartNew={startNew}>
                <ExerciseCatalog videoLinks={videoLinks} indexById={EXERCISE_INDEX} />
              </CatalogErrorBoundary>
            </div>
            <aside className="lg:sticky lg:top-4">
              <ProgramSummary
                onGenerate={(kind) => void generate(kind)}
                pending={pending}
                listError={listError(form.formState.errors)}
              />
            </aside>
          </div>
        </form>
      </FormProvider>
    </div>
  )
}
