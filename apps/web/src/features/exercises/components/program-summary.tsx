/**
 * The program at a glance, beside the catalog on wide screens and under it on phones: the
 * selected exercises, the running total exercise time per session, the program-length
 * warning, the breath-hold caution, the safety warnings for this patient (breath holds, night
 * mouth tape, swallow exercises, the weeks after a release, a child's or older adult's session
 * length), and the two Generate buttons. A bar fixed to
 * the bottom of a phone's screen keeps the total and Send in sight and jumps here.
 */
import { useFormContext, useWatch } from 'react-hook-form'
import { Clock, FileDown, ListChecks, Send, TriangleAlert, X } from 'lucide-react'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import { useRef } from 'react'
import type { ReactNode } from 'react'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import type { DocumentKind, DocumentKindOf } from '@myodocs/shared/contracts/document-registry'
import { BREATH_HOLD_CAUTION } from '@myodocs/shared/domain/exercise-catalog'
import { exerciseTime, programLengthWarning } from '@myodocs/shared/domain/exercise-rules'
import { ageFacts, safetyFlags } from '@myodocs/shared/domain/exercise-safety'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { PhoneActionBar } from '../../../components/ui/phone-action-bar'
import { minutesLabel, programItems, timeBreakdown } from '../exercise-program'
import { useSwitchExercise } from './use-switch-exercise'
import { exerciseCheckboxId } from './exercise-row'

type Props = {
  onGenerate: (kind: DocumentKindOf<'exercise'>) => void
  /** Opens the Send dialog (prescription and after-visit summary by email). */
  onSend: () => void
  /** The document being generated, if any: its button spins, both are disabled. */
  pending: DocumentKind | null
  /**
   * Why nothing was generated, shown by the buttons: "At least one exercise must be selected",
   * fields to correct, or the server's message.
   */
  problem?: string
}

export const PROGRAM_SUMMARY_ID = 'program-summary'

function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  )
}

export function ProgramSummary({ onGenerate, onSend, pending, problem }: Props) {
  const { control } = useFormContext<ExerciseDocumentRequestInput>()
  const switchTo = useSwitchExercise()
  // The phone bar stands in for the summary while it is out of sight, and steps aside for it.
  const cardRef = useRef<HTMLDivElement>(null)
  const exercises = useWatch({ control, name: 'exercises' })
  const items = programItems(exercises)
  const time = exerciseTime(exercises)
  const breakdown = timeBreakdown(time)
  const tooLong = programLengthWarning(exercises)
  const breathHolds = items.filter((i) => i.exercise.breathHold)
  const sessionData = useWatch({ control, name: 'sessionData' })
  // The safety rules read what the page holds: the values typed or taken over, the age from the DOB.
  const flags = safetyFlags(exercises, {
    ...sessionData.safety,
    sessionDate: sessionData.sessionDate,
    ...ageFacts(sessionData.patientDOB ?? '', sessionData.sessionDate),
  })

  return (
    <>
      <Card
        ref={cardRef}
        id={PROGRAM_SUMMARY_ID}
        className="scroll-mt-4 p-4 sm:p-5 lg:flex lg:max-h-[calc(100vh-2rem)] lg:flex-col"
      >
        <section
          aria-labelledby="program-heading"
          className="space-y-4 lg:flex lg:min-h-0 lg:flex-1 lg:flex-col lg:gap-4 lg:space-y-0"
        >
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="program-heading" className="text-lg font-semibold text-slate-900">
              Home program
            </h2>
            <span className="text-sm text-slate-500">
              {items.length} {items.length === 1 ? 'exercise' : 'exercises'}
            </span>
          </div>

          <div className="rounded-lg bg-brand-50 px-4 py-3" data-testid="total-exercise-time">
            <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-brand-800">
              <Clock className="size-3.5" aria-hidden />
              Total exercise time
            </p>
            <p className="mt-1 text-2xl font-bold text-brand-900">
              {minutesLabel(time.totalMinutes)}
              {/* Passive work is done once a day, not each session: the breakdown says so. */}
              {time.passiveMinutes === 0 && (
                <span className="ml-1.5 text-sm font-medium text-brand-800">per session</span>
              )}
            </p>
            {breakdown && <p className="mt-0.5 text-xs text-brand-800">{breakdown}</p>}
          </div>

          {items.length === 0 ? (
            <p className="flex items-start gap-2 text-sm text-slate-500">
              <ListChecks className="mt-0.5 size-4 shrink-0" aria-hidden />
              Tick exercises in the list to build the program. Each starts at its usual minutes and
              frequency.
            </p>
          ) : (
            <ol className="-mx-1 divide-y divide-slate-100 px-1 text-sm lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
              {items.map(({ index, entry, exercise }) => (
                <li key={exercise.id} className="flex items-start gap-2 py-2">
                  <div className="min-w-0 flex-1">
                    <button
                      type="button"
                      className="text-left font-medium text-slate-900 hover:text-brand-700 hover:underline"
                      onClick={() => {
                        const box = document.getElementById(exerciseCheckboxId(exercise.id))
                        box?.scrollIntoView({ block: 'center' })
                        box?.focus({ preventScroll: true })
                      }}
                    >
                      {exercise.name}
                    </button>
                    <p className="text-xs text-slate-500">
                      {exercise.isHabit
                        ? 'Daily habit'
                        : Number.isFinite(entry.minutes)
                          ? minutesLabel(entry.minutes)
                          : '– min'}
                      {entry.frequency ? ` · ${entry.frequency}` : ''}
                      {entry.selectedVariation ? ` · ${entry.selectedVariation}` : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => switchTo(index, false)}
                    className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                    aria-label={`Remove ${exercise.name}`}
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ol>
          )}

          {tooLong && <Notice>{tooLong}</Notice>}
          {breathHolds.length > 0 && (
            <Notice>
              <details>
                <summary className="cursor-pointer font-medium">
                  {breathHolds.length === 1
                    ? `${breathHolds[0]!.exercise.name} holds the breath: `
                    : 'Breath holds selected: '}
                  the prescription prints a safety caution.
                </summary>
                <p className="mt-1">{BREATH_HOLD_CAUTION}</p>
              </details>
            </Notice>
          )}

          {flags.map((flag) => (
            <Notice key={flag.kind}>
              <p className="font-medium" data-testid={`safety-${flag.kind}`}>
                {flag.builderWarning}
              </p>
              {flag.familyNote && (
                <p className="mt-1">The prescription prints: {flag.familyNote}</p>
              )}
            </Notice>
          ))}

          {problem && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {problem}
            </p>
          )}

          <div className="grid gap-2">
            <Button
              size="lg"
              onClick={() => onGenerate('exercise')}
              pending={pending === 'exercise'}
              disabled={pending !== null}
            >
              {pending !== 'exercise' && <FileDown className="size-4" aria-hidden />}
              Generate Prescription
            </Button>
            <Button
              variant="outline"
              className="whitespace-nowrap"
              onClick={() => onGenerate('after-visit-summary')}
              pending={pending === 'after-visit-summary'}
              disabled={pending !== null}
            >
              Generate After-Visit Summary
            </Button>
            <Button variant="outline" onClick={onSend} disabled={pending !== null}>
              <Send className="size-4" aria-hidden />
              {SEND_BUTTON}
            </Button>
          </div>
        </section>
      </Card>

      {/* Phones: the total, the way to the Generate buttons and Send stay in sight. */}
      <PhoneActionBar label="Program actions" watch={[cardRef]} until="lg">
        <p className="text-sm leading-tight text-slate-700" aria-hidden>
          <span className="block whitespace-nowrap font-semibold text-slate-900">
            {items.length} {items.length === 1 ? 'exercise' : 'exercises'}
          </span>
          <span className="whitespace-nowrap">{minutesLabel(time.totalMinutes)}</span>
        </p>
        <div className="flex gap-2 whitespace-nowrap">
          <Button asChild>
            <a href={`#${PROGRAM_SUMMARY_ID}`}>Review &amp; generate</a>
          </Button>
          <Button variant="outline" onClick={onSend} disabled={pending !== null}>
            <Send className="size-4" aria-hidden />
            {SEND_BUTTON}
          </Button>
        </div>
      </PhoneActionBar>
    </>
  )
}
