/**
 * The practice's own exercises on the exercise page (docs/product/clinical-content.md#custom-exercises):
 * listed beside the catalog and found by its search, ticked into the program with the library's
 * words and dose, their swallow flag warned about like a catalog swallow exercise, carried as text
 * in what Generate sends (a measured one with today's reading), a copy the library no longer has
 * kept; the catalog works when the library cannot be loaded.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { FormProvider } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import {
  ExerciseDocumentRequestSchema,
  type ExerciseDocumentRequest,
  type ExerciseDocumentRequestInput,
} from '@myodocs/shared/contracts/documents'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import {
  PRACTICE_EXERCISES_LOAD_FAILED,
  PRACTICE_EXERCISES_ON_PAGE_EMPTY,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { customExerciseId } from '@myodocs/shared/domain/program-exercise'
import { useZodForm } from '../../../components/ui/form'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { EXERCISE_INDEX } from '../exercise-program'
import { ExerciseCatalog } from './exercise-catalog'
import { ProgramSummary } from './program-summary'

const sip: CustomExerciseEntry = {
  id: '6d1f6a4e-0000-4000-8000-00000000c001',
  name: 'Spoon sip swallow',
  categoryId: 'swallowing',
  steps: ['Take a small sip from a spoon.', 'Swallow with the tip on the spot.'],
  howMany: '5 sips',
  doneRight: 'No water escapes.',
  minutes: 3,
  frequency: '3× daily',
  breathHold: false,
  swallow: true,
  demoLink: 'https://videos.example/sip',
  measureUnit: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
}

function Page({
  initial,
  onGenerate,
}: {
  initial: ExerciseDocumentRequestInput
  onGenerate: (body: ExerciseDocumentRequest) => void
}) {
  const form = useZodForm(ExerciseDocumentRequestSchema, { defaultValues: initial })
  return (
    <FormProvider {...form}>
      <ExerciseCatalog videoLinks={{}} indexById={EXERCISE_INDEX} />
      <ProgramSummary
        onGenerate={() => void form.handleSubmit(onGenerate)()}
        onSend={() => {}}
        pending={null}
      />
    </FormProvider>
  )
}

function session(overrides: Partial<ExerciseDocumentRequestInput['sessionData']> = {}) {
  const fresh = emptyExerciseSession(new Date(2026, 2, 9))
  return {
    ...fresh,
    sessionData: {
      ...fresh.sessionData,
      patientFirstName: 'Walter',
      patientLastName: 'Hale',
      ...overrides,
    },
  }
}

const library = (entries: CustomExerciseEntry[]) =>
  api.use(http.get(`${API_ORIGIN}/api/custom-exercises`, () => ok({ exercises: entries })))

describe('practice exercises on the exercise page', () => {
  it('are ticked into the program with the library’s dose, warned about for dysphagia, and sent as text', async () => {
    library([sip])
    const sent: ExerciseDocumentRequest[] = []
    const { user } = renderScreen(
      <Page
        initial={session({ safety: { ...session().sessionData.safety, dysphagia: true } })}
        onGenerate={(body) => sent.push(body)}
      />,
    )
    const box = await screen.findByRole(
      'checkbox',
      { name: 'Spoon sip swallow' },
      { timeout: 5000 },
    )
    await user.click(box)
    const program = screen.getByRole('region', { name: 'Home program' })
    expect(within(program).getByRole('button', { name: 'Spoon sip swallow' })).toBeVisible()
    expect(within(program).getByText('3 min · 3× daily')).toBeVisible()
    expect(screen.getByTestId('safety-swallow')).toHaveTextContent(
      'Swallow exercise (Spoon sip swallow) selected for dysphagia',
    )
    // Its row now takes the minutes and a note like a catalog exercise's.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Spoon sip swallow' })).toBeChecked(),
    )
    await user.type(screen.getAllByLabelText('Note').at(-1)!, 'Blue spoon')

    await user.click(within(program).getByRole('button', { name: 'Generate Prescription' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const custom = sent[0]!.exercises.find((e) => e.custom)!
    expect(custom).toMatchObject({
      sectionId: 'swallowing',
      exerciseId: customExerciseId(sip.id),
      selected: true,
      minutes: 3,
      frequency: '3× daily',
      customNote: 'Blue spoon',
      custom: { name: 'Spoon sip swallow', steps: sip.steps, howMany: '5 sips', swallow: true },
    })
  })

  it('take today’s reading of a measured one, sent with its unit, and none of an unmeasured one', async () => {
    const hold: CustomExerciseEntry = {
      ...sip,
      id: '6d1f6a4e-0000-4000-8000-00000000c002',
      name: 'Tongue-tip hold',
      categoryId: 'tongue_function_posture',
      swallow: false,
      measureUnit: 'seconds',
    }
    library([sip, hold])
    const sent: ExerciseDocumentRequest[] = []
    const { user } = renderScreen(
      <Page initial={session()} onGenerate={(body) => sent.push(body)} />,
    )
    await user.click(
      await screen.findByRole('checkbox', { name: 'Tongue-tip hold' }, { timeout: 5000 }),
    )
    await user.click(screen.getByRole('checkbox', { name: 'Spoon sip swallow' }))
    const reading = await screen.findByRole('spinbutton', { name: 'Measured today (seconds)' })
    expect(screen.getAllByRole('spinbutton', { name: /^Measured today/ })).toHaveLength(1)
    await user.type(reading, '12')

    const program = screen.getByRole('region', { name: 'Home program' })
    await user.click(within(program).getByRole('button', { name: 'Generate Prescription' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const byName = (name: string) => sent[0]!.exercises.find((e) => e.custom?.name === name)!
    expect(byName('Tongue-tip hold')).toMatchObject({
      measuredToday: 12,
      custom: { measureUnit: 'seconds' },
    })
    expect(byName('Spoon sip swallow').measuredToday ?? null).toBeNull()
  })

  it('are found by the search, and Enter adds one when no catalog exercise matches', async () => {
    library([sip])
    const { user } = renderScreen(<Page initial={session()} onGenerate={() => {}} />)
    await screen.findByRole('checkbox', { name: 'Spoon sip swallow' }, { timeout: 5000 })
    await user.type(screen.getByRole('searchbox', { name: 'Search exercises' }), 'spoon sip{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Spoon sip swallow' })).toBeChecked(),
    )
    // Only the match is listed: the catalog has none.
    expect(screen.queryByRole('checkbox', { name: 'Button pull' })).toBeNull()
  })

  it('keep a copy the library no longer has', async () => {
    library([])
    const initial: ExerciseDocumentRequestInput = session()
    initial.exercises = [
      ...initial.exercises,
      {
        sectionId: 'lip_cheek',
        exerciseId: customExerciseId('6d1f6a4e-0000-4000-8000-00000000c0de'),
        exerciseName: 'Old lip stretch',
        selected: true,
        minutes: 2,
        variations: [],
        selectedVariation: '',
        customNote: '',
        frequency: '2× daily',
        custom: {
          name: 'Old lip stretch',
          steps: ['Stretch the lip.'],
          howMany: '',
          doneRight: '',
          breathHold: false,
          swallow: false,
          demoLink: '',
        },
      },
    ]
    renderScreen(<Page initial={initial} onGenerate={() => {}} />)
    expect(await screen.findByRole('checkbox', { name: 'Old lip stretch' })).toBeChecked()
    expect(screen.getByText('Practice (copy)')).toBeVisible()
  })

  it('say so when the library is empty', async () => {
    library([])
    renderScreen(<Page initial={session()} onGenerate={() => {}} />)
    expect(await screen.findByText(PRACTICE_EXERCISES_ON_PAGE_EMPTY)).toBeVisible()
  })

  it('leave the catalog working when the library cannot be loaded', async () => {
    api.use(
      http.get(`${API_ORIGIN}/api/custom-exercises`, () =>
        failure(500, { code: 'INTERNAL', message: 'Something went wrong' }),
      ),
    )
    const { user } = renderScreen(<Page initial={session()} onGenerate={() => {}} />)
    expect(await screen.findByText(PRACTICE_EXERCISES_LOAD_FAILED)).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: 'Button pull' }))
    expect(screen.getByRole('checkbox', { name: 'Button pull' })).toBeChecked()
  })
})
