/**
 * The exercise builder's program summary (docs/product/clinical-content.md): the exercises ticked
 * with their total time, the safety warnings for this patient before anything is printed (the
 * same rules the prescription prints), removing an exercise, and the Generate and Send buttons
 * with their pending state and the reason nothing was generated.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FormProvider, useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/documents'
import type { DocumentKind } from '@myodocs/shared/contracts/document-registry'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import { ageFacts, safetyFlags } from '@myodocs/shared/domain/exercise-safety'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { switchExercise } from '../exercise-program'
import { ProgramSummary } from './program-summary'

const catalog = EXERCISE_CATEGORIES.flatMap((c) => c.exercises)
const holding = catalog.find((e) => e.breathHold && !e.isHabit)!
const plain = catalog.find((e) => !e.breathHold && !e.swallow && !e.isHabit)!

type Session = ExerciseDocumentRequestInput

/** A session with `ids` ticked (their usual minutes) and the safety facts given. */
function sessionWith(ids: string[], safety: Partial<Session['sessionData']['safety']> = {}) {
  const session = emptyExerciseSession(new Date('2026-12-07T12:00:00Z')) as Session
  return {
    ...session,
    sessionData: {
      ...session.sessionData,
      patientDOB: '1990-01-01',
      safety: { ...session.sessionData.safety, ...safety },
    },
    exercises: session.exercises.map((e) =>
      ids.includes(e.exerciseId) ? switchExercise(e, true) : e,
    ),
  }
}

function renderSummary(
  values: Session,
  props: { pending?: DocumentKind | null; problem?: string } = {},
) {
  const onGenerate = vi.fn()
  const onSend = vi.fn()
  let read: () => Session = () => values
  function Host() {
    const form = useForm<Session>({ defaultValues: values })
    read = () => form.getValues()
    return (
      <FormProvider {...form}>
        <ProgramSummary
          onGenerate={onGenerate}
          onSend={onSend}
          pending={props.pending ?? null}
          problem={props.problem}
        />
      </FormProvider>
    )
  }
  render(<Host />)
  return { onGenerate, onSend, read: () => read(), user: userEvent.setup() }
}

const summary = () => screen.getByRole('region', { name: 'Home program' })

describe('the program summary', () => {
  it('with nothing ticked, says how to start', () => {
    renderSummary(sessionWith([]))
    expect(within(summary()).getByText('0 exercises')).toBeVisible()
    expect(screen.getByText(/Tick exercises in the list to build the program/)).toBeVisible()
  })

  it('lists the ticked exercises and removes one from the program', async () => {
    const { read, user } = renderSummary(sessionWith([plain.id, holding.id]))
    expect(within(summary()).getByText('2 exercises')).toBeVisible()
    await user.click(screen.getByRole('button', { name: `Remove ${plain.name}` }))
    expect(within(summary()).getByText('1 exercise')).toBeVisible()
    expect(read().exercises.find((e) => e.exerciseId === plain.id)!.selected).toBe(false)
  })

  it('warns before printing a breath hold for a patient with high blood pressure', () => {
    const values = sessionWith([holding.id], { highBloodPressure: true })
    renderSummary(values)
    const expected = safetyFlags(values.exercises, {
      ...values.sessionData.safety,
      sessionDate: values.sessionData.sessionDate,
      ...ageFacts(values.sessionData.patientDOB ?? '', values.sessionData.sessionDate),
    }).find((f) => f.kind === 'breath_hold')!
    expect(screen.getByTestId('safety-breath_hold')).toHaveTextContent(expected.builderWarning)
    expect(expected.builderWarning).toMatch(/high blood pressure/)
    // The breath-hold caution is printed: the summary says so.
    expect(screen.getByText(/the prescription prints a safety caution/)).toBeVisible()
  })

  it('no warning when the patient’s facts give no reason', () => {
    renderSummary(sessionWith([holding.id]))
    expect(screen.queryByTestId('safety-breath_hold')).toBeNull()
  })

  it('Generate and Send say which document', async () => {
    const first = renderSummary(sessionWith([plain.id]))
    await first.user.click(screen.getByRole('button', { name: 'Generate Prescription' }))
    await first.user.click(screen.getByRole('button', { name: 'Generate After-Visit Summary' }))
    await first.user.click(within(summary()).getByRole('button', { name: SEND_BUTTON }))
    expect(first.onGenerate.mock.calls).toEqual([['exercise'], ['after-visit-summary']])
    expect(first.onSend).toHaveBeenCalledTimes(1)
  })

  it('while a document is made, the buttons wait; the reason nothing was made is shown', () => {
    renderSummary(sessionWith([plain.id]), {
      pending: 'exercise',
      problem: 'At least one exercise must be selected',
    })
    expect(screen.getByRole('button', { name: /Generate Prescription/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Generate After-Visit Summary' })).toBeDisabled()
    expect(within(summary()).getByRole('button', { name: SEND_BUTTON })).toBeDisabled()
    expect(screen.getByRole('alert')).toHaveTextContent('At least one exercise must be selected')
  })
})
