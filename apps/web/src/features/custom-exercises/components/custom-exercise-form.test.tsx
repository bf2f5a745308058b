/**
 * A practice-library exercise's form (docs/product/clinical-content.md): the shared contract's
 * messages under the fields (name, each empty step, minutes, the demo link) before anything is
 * saved, steps added up to six and removed without shifting what was typed, the body saved (with
 * the unit a measured exercise is read in), a taken name under the field and any other refusal at
 * the top.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  CUSTOM_EXERCISE_LIMITS,
  CUSTOM_EXERCISE_MINUTES,
  CUSTOM_EXERCISE_NAME_REQUIRED,
  CUSTOM_EXERCISE_NAME_TAKEN,
  CUSTOM_EXERCISE_STEP_EMPTY,
} from '@myodocs/shared/contracts/custom-exercises'
import type { CustomExerciseBody } from '@myodocs/shared/contracts/custom-exercises'
import {
  ADD_STEP,
  PRACTICE_EXERCISE_MEASURE_HINT,
  SAVE_PRACTICE_EXERCISE,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { ApiError } from '../../../lib/api-client'
import { renderScreen } from '../../../../test/render'
import { CustomExerciseForm, NEW_CUSTOM_EXERCISE } from './custom-exercise-form'

function renderForm(
  onSave: (body: CustomExerciseBody) => Promise<unknown> = () => Promise.resolve(),
  initial: CustomExerciseBody = NEW_CUSTOM_EXERCISE,
) {
  const save = vi.fn(onSave)
  const onCancel = vi.fn()
  const view = renderScreen(
    <CustomExerciseForm initial={initial} onSave={save} onCancel={onCancel} />,
  )
  return { ...view, save, onCancel }
}

const step = (n: number) => screen.getByRole('textbox', { name: `Step ${n}` })
const steps = () => screen.getAllByRole('textbox', { name: /^Step \d$/ })
const saveButton = () => screen.getByRole('button', { name: SAVE_PRACTICE_EXERCISE })

describe('a practice exercise’s form', () => {
  it('refuses a missing name, an empty step and minutes out of range, and saves nothing', async () => {
    const { user, save } = renderForm()
    await user.clear(screen.getByRole('spinbutton', { name: /^Minutes/ }))
    await user.type(screen.getByRole('spinbutton', { name: /^Minutes/ }), '121')
    await user.click(saveButton())
    expect(await screen.findByText(CUSTOM_EXERCISE_NAME_REQUIRED)).toBeVisible()
    expect(screen.getByText(CUSTOM_EXERCISE_STEP_EMPTY)).toBeVisible()
    expect(screen.getByText(CUSTOM_EXERCISE_MINUTES)).toBeVisible()
    expect(step(1)).toHaveAttribute('aria-invalid', 'true')
    expect(save).not.toHaveBeenCalled()
  })

  it('refuses a demo link that is not a web address', async () => {
    const { user, save } = renderForm()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Lip seal hold')
    await user.type(step(1), 'Close the lips gently')
    await user.type(screen.getByRole('textbox', { name: /^Demo video link/ }), 'not a link')
    await user.click(saveButton())
    expect(await screen.findByRole('textbox', { name: /^Demo video link/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(save).not.toHaveBeenCalled()
  })

  it('adds steps up to six and removes one without shifting what was typed', async () => {
    const { user } = renderForm()
    expect(screen.getByRole('button', { name: 'Remove step 1' })).toBeDisabled()
    await user.type(step(1), 'First')
    await user.click(screen.getByRole('button', { name: ADD_STEP }))
    await user.type(step(2), 'Second')
    await user.click(screen.getByRole('button', { name: ADD_STEP }))
    await user.type(step(3), 'Third')
    await user.click(screen.getByRole('button', { name: 'Remove step 2' }))
    expect(steps().map((s) => (s as HTMLInputElement).value)).toEqual(['First', 'Third'])
    while (steps().length < CUSTOM_EXERCISE_LIMITS.steps) {
      await user.click(screen.getByRole('button', { name: ADD_STEP }))
    }
    expect(screen.queryByRole('button', { name: ADD_STEP })).toBeNull()
  })

  it('saves the exercise as typed, trimmed, with its cautions', async () => {
    const { user, save } = renderForm()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Straw sip hold ')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Listed under/ }), 'swallowing')
    await user.type(step(1), 'Sip water through a straw')
    await user.click(screen.getByRole('button', { name: ADD_STEP }))
    await user.type(step(2), 'Hold it, then swallow')
    await user.type(screen.getByRole('textbox', { name: /^How many/ }), '5 times')
    await user.click(screen.getByRole('checkbox', { name: 'Takes a sip, food or a swallow' }))
    await user.click(saveButton())
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save.mock.calls[0]![0]).toMatchObject({
      name: 'Straw sip hold',
      categoryId: 'swallowing',
      steps: ['Sip water through a straw', 'Hold it, then swallow'],
      howMany: '5 times',
      minutes: 2,
      frequency: '2× daily',
      breathHold: false,
      swallow: true,
    })
  })

  it('saves the unit a measured exercise is read in, and "Not measured" as none', async () => {
    const { user, save } = renderForm(undefined, {
      ...NEW_CUSTOM_EXERCISE,
      name: 'Tongue-tip hold',
      steps: ['Tip on the spot, hold as long as is comfortable'],
    })
    const unit = screen.getByRole('combobox', { name: /^Measured in/ })
    expect(unit).toHaveValue('')
    expect(screen.getByText(PRACTICE_EXERCISE_MEASURE_HINT)).toBeVisible()
    await user.selectOptions(unit, 'Seconds')
    await user.click(saveButton())
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save.mock.calls[0]![0]).toMatchObject({
      name: 'Tongue-tip hold',
      measureUnit: 'seconds',
    })

    await user.selectOptions(unit, 'Not measured')
    await user.click(saveButton())
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2))
    expect(save.mock.calls[1]![0]).toMatchObject({ measureUnit: '' })
  })

  it('a taken name shows under the name; a full library at the top', async () => {
    let refusal = new ApiError('Invalid input', 409, 'CONFLICT', {
      name: CUSTOM_EXERCISE_NAME_TAKEN,
    })
    const { user } = renderForm(() => Promise.reject(refusal), {
      ...NEW_CUSTOM_EXERCISE,
      name: 'Tongue click',
      steps: ['Click the tongue'],
    })
    await user.click(saveButton())
    expect(await screen.findByText(CUSTOM_EXERCISE_NAME_TAKEN)).toBeVisible()
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true')

    refusal = new ApiError('A practice library holds at most 200 custom exercises', 409, 'CONFLICT')
    await user.click(saveButton())
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.some((a) => a.textContent?.includes('at most 200 custom exercises'))).toBe(true)
  })

  it('starts from a saved entry, and Cancel saves nothing', async () => {
    const { user, save, onCancel } = renderForm(undefined, {
      ...NEW_CUSTOM_EXERCISE,
      name: 'Tongue click',
      steps: ['Click the tongue', 'Rest'],
      breathHold: true,
      measureUnit: 'mm',
    })
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Tongue click')
    expect(steps()).toHaveLength(2)
    expect(screen.getByRole('checkbox', { name: 'Holds the breath' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: /^Measured in/ })).toHaveValue('mm')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(save).not.toHaveBeenCalled()
  })
})
