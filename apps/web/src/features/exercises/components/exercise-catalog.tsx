/**
 * The catalog of /app/exercises: the seven categories in the catalogue's order (docs/product/clinical-content.md), a search box
 * ("/" focuses it from anywhere; Enter adds the best match and keeps the text selected for the
 * next one; ↓ goes to the results) and a jump list with how many are selected per category.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { Check, X } from 'lucide-react'
import { SearchField } from '../../../components/ui/search-field'
import type { ReactNode } from 'react'
import type { ExerciseDocumentRequestInput } from '@myodocs/shared/contracts/exercise-document'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import { cn } from '../../../lib/cn'
import { PRACTICE_EXERCISES_TITLE } from '@myodocs/shared/constants/custom-exercise-messages'
import { useCustomExercises } from '../../custom-exercises'
import { searchCatalog } from '../catalog-search'
import { FREQUENCY_SUGGESTIONS } from '../exercise-program'
import { practiceCategories, practiceExercises } from '../practice-exercises'
import type { PracticeExercise } from '../practice-exercises'
import {
  PRACTICE_ANCHOR_ID,
  PracticeExerciseList,
  useAddPracticeExercise,
} from './practice-exercise-list'
import { useSwitchExercise } from './use-switch-exercise'
import { exerciseCheckboxId, ExerciseRow, FREQUENCY_LIST_ID } from './exercise-row'

type Props = {
  /** Exercise ids with a demo-video link in settings. */
  videoLinks: Readonly<Record<string, string>>
  /** Where each exercise sits in the session's list. */
  indexById: ReadonlyMap<string, number>
}

export const categoryAnchorId = (categoryId: string) => `category-${categoryId}`

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1 font-sans text-[0.7rem]">
      {children}
    </kbd>
  )
}

function CategoryChip({ href, title, count }: { href: string; title: string; count: number }) {
  return (
    <a
      href={href}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium',
        count
          ? 'border-brand-300 bg-brand-50 text-brand-800'
          : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
      )}
    >
      {title}
      {count > 0 && (
        <span className="rounded-full bg-brand-700 px-1.5 text-[0.65rem] leading-4 text-white">
          <span className="sr-only">, selected: </span>
          {count}
        </span>
      )}
    </a>
  )
}

export function ExerciseCatalog({ videoLinks, indexById }: Props) {
  const { control, getValues } = useFormContext<ExerciseDocumentRequestInput>()
  const switchTo = useSwitchExercise()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const [added, setAdded] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  const result = useMemo(() => searchCatalog(deferredQuery), [deferredQuery])
  const exercises = useWatch({ control, name: 'exercises' })
  // The practice's own exercises, searched with the same words as the catalog.
  const library = useCustomExercises()
  const addPractice = useAddPracticeExercise()
  const practice = useMemo(
    () => practiceExercises(library.data ?? [], exercises),
    [library.data, exercises],
  )
  const practiceGroups = useMemo(() => practiceCategories(practice), [practice])
  const practiceResult = useMemo(
    () => searchCatalog(deferredQuery, practiceGroups),
    [deferredQuery, practiceGroups],
  )
  const practiceShown = practice.filter((p) =>
    practiceResult.categories.some((c) => c.exercises.includes(p.exercise)),
  )
  const practiceVideo = (p: PracticeExercise) =>
    Boolean(p.entry ? p.entry.demoLink : exercises[p.index ?? -1]?.custom?.demoLink)
  const matchCount = result.count + practiceResult.count

  // "/" focuses the search from anywhere on the page, as in most web apps.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingTarget(event.target)) return
      event.preventDefault()
      searchRef.current?.focus()
      searchRef.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // The practice's own exercises are counted on their own chip.
  const selectedIn = (categoryId: string) =>
    exercises.filter((e) => e.selected && !e.custom && e.sectionId === categoryId).length

  const addBest = () => {
    const best = searchCatalog(query).best
    if (!best) {
      // No catalog exercise matches: the practice's own best match.
      const own = searchCatalog(query, practiceGroups).best
      const match = own && practice.find((p) => p.exercise === own)
      if (!match) return
      addPractice(match)
      setAdded(`Added ${match.exercise.name}`)
      searchRef.current?.select()
      return
    }
    const index = indexById.get(best.id)
    if (index === undefined) return
    if (!getValues(`exercises.${index}.selected`)) switchTo(index, true)
    setAdded(`Added ${best.name}`)
    searchRef.current?.select()
  }

  const focusFirstResult = () => {
    const first = practiceShown[0]?.exercise ?? result.categories[0]?.exercises[0]
    if (first) document.getElementById(exerciseCheckboxId(first.id))?.focus()
  }

  return (
    <section aria-labelledby="catalog-heading" className="space-y-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="catalog-heading" className="text-lg font-semibold text-slate-900">
          Exercises
        </h2>
        {added ? (
          <p className="flex items-center gap-1 text-xs font-medium text-brand-800" aria-hidden>
            <Check className="size-3.5" aria-hidden />
            {added}
          </p>
        ) : (
          <p className="hidden text-xs text-slate-500 sm:block">
            Press <Kbd>/</Kbd> to search, <Kbd>Enter</Kbd> to add the first match
          </p>
        )}
      </div>

      <div className="sticky top-0 z-10 -mx-1 space-y-3 bg-slate-50 px-1 pb-2 pt-1">
        <SearchField
          label="Search exercises"
          ref={searchRef}
          id="exercise-search"
          placeholder="Search exercises, e.g. button, suction, gargle"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setAdded('')
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              addBest()
            } else if (e.key === 'ArrowDown') {
              e.preventDefault()
              focusFirstResult()
            } else if (e.key === 'Escape' && query) {
              e.preventDefault()
              setQuery('')
            }
          }}
          aria-describedby="exercise-search-status"
          className="h-11 rounded-lg pr-9 [&::-webkit-search-cancel-button]:hidden"
        >
          {query && (
            <button
              type="button"
              onClick={() => {
                setQuery('')
                searchRef.current?.focus()
              }}
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Clear search"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </SearchField>
        <p id="exercise-search-status" aria-live="polite" className="sr-only">
          {added ||
            (deferredQuery.trim()
              ? `${matchCount} ${matchCount === 1 ? 'exercise matches' : 'exercises match'}`
              : '')}
        </p>
        {!query && (
          <nav aria-label="Exercise categories" className="-mx-1 overflow-x-auto px-1">
            <ul className="flex gap-2 pb-1 sm:flex-wrap">
              {practice.length > 0 && (
                <li className="shrink-0">
                  <CategoryChip
                    href={`#${PRACTICE_ANCHOR_ID}`}
                    title={PRACTICE_EXERCISES_TITLE}
                    count={exercises.filter((e) => e.selected && e.custom).length}
                  />
                </li>
              )}
              {EXERCISE_CATEGORIES.map((category) => {
                const count = selectedIn(category.id)
                return (
                  <li key={category.id} className="shrink-0">
                    <CategoryChip
                      href={`#${categoryAnchorId(category.id)}`}
                      title={category.title}
                      count={count}
                    />
                  </li>
                )
              })}
            </ul>
          </nav>
        )}
      </div>

      {(practiceShown.length > 0 || !deferredQuery.trim()) && (
        <PracticeExerciseList
          practice={practiceShown}
          failed={library.isError}
          showEmpty={!deferredQuery.trim() && library.isSuccess}
          hasVideo={practiceVideo}
        />
      )}

      {matchCount === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No exercise matches “{deferredQuery.trim()}”.{' '}
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline"
            onClick={() => setQuery('')}
          >
            Show all exercises
          </button>
        </div>
      ) : (
        <div className="space-y-6">
          {result.categories.map(({ category, exercises: matches }) => (
            <section
              key={category.id}
              id={categoryAnchorId(category.id)}
              aria-labelledby={`${categoryAnchorId(category.id)}-heading`}
              className="lazy-render scroll-mt-32"
            >
              <h3
                id={`${categoryAnchorId(category.id)}-heading`}
                className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {category.title}
              </h3>
              <ul className="space-y-1 rounded-xl border border-slate-200 bg-white p-1.5 shadow-sm">
                {matches.map((exercise) => {
                  const index = indexById.get(exercise.id)
                  if (index === undefined) return null
                  return (
                    <ExerciseRow
                      key={exercise.id}
                      index={index}
                      exercise={exercise}
                      hasVideo={Boolean(videoLinks[exercise.id])}
                    />
                  )
                })}
              </ul>
            </section>
          ))}
        </div>
      )}

      <datalist id={FREQUENCY_LIST_ID}>
        {FREQUENCY_SUGGESTIONS.map((frequency) => (
          <option key={frequency} value={frequency} />
        ))}
      </datalist>
    </section>
  )
}
