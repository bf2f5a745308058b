/**
 * The catalog of the Exercise Prescription page (docs/product/clinical-content.md): ticking an
 * exercise opens its minutes, variation, frequency and note with the catalog's defaults and
 * counts it on its category's chip; the search narrows the list, says how many match, adds the
 * best match on Enter and offers the whole list back when nothing matches; "/" focuses it from
 * anywhere but a field; the badges say what prints beside an exercise.
 */
import { screen, within } from '@testing-library/react'
import { FormProvider } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { ExerciseDocumentRequestSchema } from '@myodocs/shared/contracts/documents'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/documents'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import { emptyExerciseSession } from '@myodocs/shared/domain/exercise-session'
import { useZodForm } from '../../../components/ui/form'
import { API_ORIGIN, api, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { searchCatalog } from '../catalog-search'
import { EXERCISE_INDEX } from '../exercise-program'
import { ExerciseCatalog } from './exercise-catalog'

type Session = ExerciseDocumentRequestInput

const catalog = EXERCISE_CATEGORIES.flatMap((c) => c.exercises)
const timed = catalog.find((e) => !e.isHabit && e.variations.length > 0)!
const habit = catalog.find((e) => e.isHabit)!
const holding = catalog.find((e) => e.breathHold)!
const plain = catalog.find((e) => !e.breathHold && !e.isHabit)!
const categoryOf = (id: string) =>
  EXERCISE_CATEGORIES.find((c) => c.exercises.some((e) => e.id === id))!

function renderCatalog(videoLinks: Record<string, string> = {}) {
  api.use(http.get(`${API_ORIGIN}/api/custom-exercises`, () => ok({ exercises: [] })))
  let read: () => Session = () => {
    throw new Error('not rendered')
  }
  function Host() {
    const form = useZodForm(ExerciseDocumentRequestSchema, {
      defaultValues: emptyExerciseSession(new Date('2026-12-07T12:00:00Z')),
    })
    read = () => form.getValues()
    return (
      <FormProvider {...form}>
        <input aria-label="Patient name" />
        <ExerciseCatalog videoLinks={videoLinks} indexById={EXERCISE_INDEX} />
      </FormProvider>
    )
  }
  const view = renderScreen(<Host />)
  return { ...view, read: () => read() }
}

const box = (name: string) => screen.getByRole('checkbox', { name })
const search = () => screen.getByRole('searchbox', { name: 'Search exercises' })
const chip = (title: string) =>
  within(screen.getByRole('navigation', { name: 'Exercise categories' })).getByRole('link', {
    name: new RegExp(`^${title}`),
  })

// Each edit re-renders the whole catalog (every category's rows): slow in the test DOM on a busy machine.
describe('the exercise catalog', { timeout: 60_000 }, () => {
  it('lists every category with its exercises, none ticked', () => {
    renderCatalog()
    for (const category of EXERCISE_CATEGORIES) {
      expect(screen.getByRole('heading', { name: category.title })).toBeVisible()
    }
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toEqual(
      [],
    )
  })

  it('ticking an exercise opens its details with the catalog’s defaults and counts it', async () => {
    const { user, read } = renderCatalog()
    const category = categoryOf(timed.id)
    expect(chip(category.title)).not.toHaveTextContent('selected')
    await user.click(box(timed.name))
    expect(box(timed.name)).toBeChecked()
    const row = box(timed.name).closest('li')!
    expect(within(row).getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(
      timed.defaultMinutes,
    )
    expect(within(row).getByRole('combobox', { name: 'Variation' })).toHaveValue('')
    expect(within(row).getByRole('combobox', { name: 'Frequency' })).toHaveValue(timed.frequency)
    expect(chip(category.title)).toHaveTextContent(/selected: 1$/)

    const index = EXERCISE_INDEX.get(timed.id)!
    await user.selectOptions(
      within(row).getByRole('combobox', { name: 'Variation' }),
      timed.variations[0]!,
    )
    await user.click(within(row).getByRole('textbox', { name: 'Note' }))
    await user.paste('Use the purple elastic')
    expect(read().exercises[index]).toMatchObject({
      selected: true,
      minutes: timed.defaultMinutes,
      selectedVariation: timed.variations[0],
      customNote: 'Use the purple elastic',
    })

    await user.click(box(timed.name))
    expect(within(row).queryByRole('spinbutton', { name: 'Minutes' })).toBeNull()
    expect(read().exercises[index]!.selected).toBe(false)
    expect(chip(category.title)).not.toHaveTextContent('selected')
  })

  it('a daily habit has no minutes to set', async () => {
    const { user } = renderCatalog()
    await user.click(box(habit.name))
    const row = box(habit.name).closest('li')!
    expect(within(row).queryByRole('spinbutton', { name: 'Minutes' })).toBeNull()
    expect(within(row).getAllByText('Daily habit').length).toBeGreaterThan(0)
  })

  it('marks the exercises with a demo video and the breath holds', () => {
    renderCatalog({ [plain.id]: 'https://videos.test/plain' })
    const plainRow = box(plain.name).closest('li')!
    expect(within(plainRow).getByText('Demo video')).toBeVisible()
    expect(within(plainRow).queryByText('Breath hold')).toBeNull()
    const holdingRow = box(holding.name).closest('li')!
    expect(within(holdingRow).getByText('Breath hold')).toBeVisible()
    expect(within(holdingRow).queryByText('Demo video')).toBeNull()
  })

  it('the search narrows the list and Enter adds the best match', async () => {
    const { user, read } = renderCatalog()
    const word = timed.name.split(' ')[0]!
    const expected = searchCatalog(word)
    await user.click(search())
    await user.paste(word)
    expect(
      await screen.findByText(new RegExp(`^${expected.count} exercises? match`)),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('checkbox')).toHaveLength(expected.count)
    await user.keyboard('{Enter}')
    const best = expected.best!
    expect(box(best.name)).toBeChecked()
    expect(read().exercises[EXERCISE_INDEX.get(best.id)!]!.selected).toBe(true)
    expect(screen.getAllByText(`Added ${best.name}`).length).toBeGreaterThan(0)
    // The text stays for the next search; Escape empties it and shows everything again.
    expect(search()).toHaveValue(word)
    await user.keyboard('{Escape}')
    expect(search()).toHaveValue('')
    expect(screen.getAllByRole('checkbox')).toHaveLength(catalog.length)
  })

  it('says when nothing matches, and Show all exercises brings the list back', async () => {
    const { user } = renderCatalog()
    await user.click(search())
    await user.paste('zzqxv')
    expect(await screen.findByText(/No exercise matches “zzqxv”/)).toBeVisible()
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Show all exercises' }))
    expect(screen.getAllByRole('checkbox')).toHaveLength(catalog.length)
  })

  it('"/" focuses the search from the page, but types normally in a field', async () => {
    const { user } = renderCatalog()
    await user.keyboard('/')
    expect(search()).toHaveFocus()
    await user.click(screen.getByRole('textbox', { name: 'Patient name' }))
    await user.keyboard('a/b')
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('a/b')
    expect(search()).toHaveValue('')
  })
})
