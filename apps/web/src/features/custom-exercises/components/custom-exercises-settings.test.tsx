/**
 * Settings › Practice exercises (docs/product/clinical-content.md#custom-exercises) in its states:
 * loading, a failed load with Try again, the empty library, adding an exercise with the shared
 * contract's messages under the fields, a name already taken (409 under the name), editing and
 * deleting after a question, the unit a measured exercise is logged in; everything by keyboard.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  CUSTOM_EXERCISE_NAME_REQUIRED,
  CUSTOM_EXERCISE_NAME_TAKEN,
  CUSTOM_EXERCISE_STEP_EMPTY,
  CUSTOM_EXERCISE_MINUTES,
  type CustomExerciseBody,
  type CustomExerciseEntry,
} from '@myodocs/shared/contracts/custom-exercises'
import {
  ADD_PRACTICE_EXERCISE,
  ADD_STEP,
  PRACTICE_EXERCISE_DELETED,
  PRACTICE_EXERCISE_SAVED,
  PRACTICE_EXERCISES_EMPTY,
  PRACTICE_EXERCISES_WHAT,
  SAVE_PRACTICE_EXERCISE,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { sectionLoadFailed } from '@myodocs/shared/constants/settings-messages'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { CustomExercisesSettings } from './custom-exercises-settings'

const URL = `${API_ORIGIN}/api/custom-exercises`

const stretch: CustomExerciseEntry = {
  id: '6d1f6a4e-0000-4000-8000-00000000c001',
  name: 'Floor-of-mouth massage',
  categoryId: 'tongue_function_posture',
  steps: ['Wash your hands.', 'Rub gently in small circles beside the wound.'],
  howMany: '1 minute',
  doneRight: 'The area feels soft.',
  minutes: 2,
  frequency: '2× daily',
  breathHold: false,
  swallow: true,
  demoLink: 'https://videos.example/massage',
  measureUnit: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
}

/** The library as the server keeps it, with every call the screen makes. */
function serve(initial: CustomExerciseEntry[]) {
  const state = { entries: [...initial], bodies: [] as CustomExerciseBody[] }
  api.use(
    http.get(URL, () => ok({ exercises: state.entries })),
    http.post(URL, async ({ request }) => {
      const body = (await request.json()) as CustomExerciseBody
      state.bodies.push(body)
      if (state.entries.some((e) => e.name.toLowerCase() === body.name.toLowerCase()))
        return failure(409, {
          code: 'CONFLICT',
          message: CUSTOM_EXERCISE_NAME_TAKEN,
          fields: { name: CUSTOM_EXERCISE_NAME_TAKEN },
        })
      const entry = { ...stretch, ...body, id: '6d1f6a4e-0000-4000-8000-00000000c002' }
      state.entries.push(entry)
      return ok({ exercise: entry })
    }),
    http.put(`${URL}/:id`, async ({ params, request }) => {
      const body = (await request.json()) as CustomExerciseBody
      state.bodies.push(body)
      state.entries = state.entries.map((e) => (e.id === params.id ? { ...e, ...body } : e))
      return ok({ exercise: state.entries.find((e) => e.id === params.id) })
    }),
    http.delete(`${URL}/:id`, ({ params }) => {
      state.entries = state.entries.filter((e) => e.id !== params.id)
      return ok({ exercises: state.entries })
    }),
  )
  return state
}

describe('Settings → Practice exercises', () => {
  it('says it is loading, then that the library is empty', async () => {
    serve([])
    renderScreen(<CustomExercisesSettings />)
    expect(screen.getByText(`Loading ${PRACTICE_EXERCISES_WHAT}…`)).toBeInTheDocument()
    expect(await screen.findByText(PRACTICE_EXERCISES_EMPTY)).toBeVisible()
  })

  it('says the library could not be loaded, and Try again loads it', async () => {
    let fail = true
    api.use(
      http.get(URL, () =>
        fail
          ? failure(500, { code: 'INTERNAL', message: 'Something went wrong' })
          : ok({ exercises: [stretch] }),
      ),
    )
    const { user } = renderScreen(<CustomExercisesSettings />)
    expect(await screen.findByText(sectionLoadFailed(PRACTICE_EXERCISES_WHAT))).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: TRY_AGAIN }))
    expect(await screen.findByText('Floor-of-mouth massage')).toBeVisible()
  })

  it('lists each exercise with its category, dose, steps and cautions', async () => {
    serve([stretch])
    renderScreen(<CustomExercisesSettings />)
    const row = (await screen.findByText('Floor-of-mouth massage')).closest('li')!
    expect(row).toHaveTextContent('Tongue function posture · 2 min · 2× daily · 2 steps')
    expect(within(row).getByText('Swallow')).toBeVisible()
    expect(within(row).getByText('Demo video')).toBeVisible()
    expect(within(row).queryByText('Breath hold')).toBeNull()
    expect(within(row).queryByText(/^Measured in/)).toBeNull()
  })

  it('says which unit a measured exercise is logged in', async () => {
    serve([{ ...stretch, measureUnit: 'mm' }])
    renderScreen(<CustomExercisesSettings />)
    const row = (await screen.findByText('Floor-of-mouth massage')).closest('li')!
    expect(within(row).getByText('Measured in millimeters (mm)')).toBeVisible()
  })

  it('adds an exercise by keyboard, with the contract’s messages under the fields first', async () => {
    const state = serve([])
    const { user } = renderScreen(<CustomExercisesSettings />)
    await screen.findByText(PRACTICE_EXERCISES_EMPTY)
    await user.click(screen.getByRole('button', { name: ADD_PRACTICE_EXERCISE }))
    const dialog = await screen.findByRole('dialog')

    await user.clear(within(dialog).getByLabelText('Minutes'))
    await user.click(within(dialog).getByRole('button', { name: SAVE_PRACTICE_EXERCISE }))
    expect(await within(dialog).findByText(CUSTOM_EXERCISE_NAME_REQUIRED)).toBeVisible()
    expect(within(dialog).getByText(CUSTOM_EXERCISE_STEP_EMPTY)).toBeVisible()
    expect(within(dialog).getByText(CUSTOM_EXERCISE_MINUTES)).toBeVisible()
    expect(state.bodies).toEqual([])

    await user.type(within(dialog).getByLabelText(/^Name/), 'Spoon sip swallow')
    await user.selectOptions(within(dialog).getByLabelText('Listed under'), 'swallowing')
    await user.type(within(dialog).getByLabelText('Step 1'), 'Take a small sip from a spoon.')
    await user.click(within(dialog).getByRole('button', { name: ADD_STEP }))
    await user.type(within(dialog).getByLabelText('Step 2'), 'Swallow with the tip on the spot.')
    await user.type(within(dialog).getByLabelText('How many'), '5 sips')
    await user.type(within(dialog).getByLabelText('Minutes'), '3')
    await user.click(within(dialog).getByLabelText('Takes a sip, food or a swallow'))
    // Enter in a field submits the form.
    await user.type(
      within(dialog).getByLabelText('Demo video link'),
      'https://videos.example/sip{Enter}',
    )

    expect(await screen.findByText(PRACTICE_EXERCISE_SAVED)).toBeVisible()
    expect(state.bodies[0]).toMatchObject({
      name: 'Spoon sip swallow',
      categoryId: 'swallowing',
      steps: ['Take a small sip from a spoon.', 'Swallow with the tip on the spot.'],
      howMany: '5 sips',
      minutes: 3,
      swallow: true,
      breathHold: false,
      demoLink: 'https://videos.example/sip',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Spoon sip swallow')).toBeVisible()
  })

  it('puts a name already in the library under the name field', async () => {
    serve([stretch])
    const { user } = renderScreen(<CustomExercisesSettings />)
    await screen.findByText('Floor-of-mouth massage')
    await user.click(screen.getByRole('button', { name: ADD_PRACTICE_EXERCISE }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Name/), 'floor-of-mouth MASSAGE')
    await user.type(within(dialog).getByLabelText('Step 1'), 'Rub gently.')
    await user.click(within(dialog).getByRole('button', { name: SAVE_PRACTICE_EXERCISE }))
    const name = within(dialog).getByLabelText(/^Name/)
    await waitFor(() => expect(name).toHaveAccessibleDescription(CUSTOM_EXERCISE_NAME_TAKEN))
    expect(screen.getByRole('dialog')).toBeVisible()
  })

  it('edits an exercise: the form opens with its values, a removed step goes', async () => {
    const state = serve([stretch])
    const { user } = renderScreen(<CustomExercisesSettings />)
    await user.click(await screen.findByRole('button', { name: 'Edit Floor-of-mouth massage' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Floor-of-mouth massage')
    expect(within(dialog).getByLabelText('Step 2')).toHaveValue(
      'Rub gently in small circles beside the wound.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Remove step 1' }))
    expect(within(dialog).getByLabelText('Step 1')).toHaveValue(
      'Rub gently in small circles beside the wound.',
    )
    await user.click(within(dialog).getByLabelText('Holds the breath'))
    await user.click(within(dialog).getByRole('button', { name: SAVE_PRACTICE_EXERCISE }))
    // The toast of an earlier test may still be on screen: the dialog closing says it saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(state.bodies[0]).toMatchObject({
      steps: ['Rub gently in small circles beside the wound.'],
      breathHold: true,
    })
  })

  it('deletes an exercise after a question whose safe answer is the default', async () => {
    serve([stretch])
    const { user } = renderScreen(<CustomExercisesSettings />)
    await user.click(await screen.findByRole('button', { name: 'Delete Floor-of-mouth massage' }))
    const question = await screen.findByRole('dialog')
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(PRACTICE_EXERCISE_DELETED)).toBeVisible()
    expect(await screen.findByText(PRACTICE_EXERCISES_EMPTY)).toBeVisible()
  })
})
