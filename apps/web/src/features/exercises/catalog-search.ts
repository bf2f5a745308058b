/**
 * Searching the exercise catalog as a therapist types (docs/product/limits.md#performance-budgets: assemble a program in under a
 * minute). Every word typed must appear somewhere in the exercise (name, category, instruction,
 * variations), ignoring case, accents, dashes and quotes, so "ka ga", "Ka–ga" and "kaga" find
 * "Ka–ga" repetitions. The best match, the one Enter adds, prefers the name.
 */
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import type { Exercise, ExerciseCategory } from '@myodocs/shared/domain/exercise-catalog'

/** Lower case without accents; dashes, slashes and quotes become spaces. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‐-―\-/"“”'’()·,.;:→]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** One category with the exercises that match, in catalog order. */
export interface CategoryMatch {
  category: ExerciseCategory
  exercises: readonly Exercise[]
}

export interface CatalogSearchResult {
  categories: CategoryMatch[]
  /** How many exercises match. */
  count: number
  /** The match Enter adds: a name match first (a name that starts with the query first of all). */
  best: Exercise | undefined
}

interface Indexed {
  exercise: Exercise
  name: string
  /** The name without spaces, so "kaga" finds "Ka–ga". */
  compactName: string
  all: string
}

function buildIndex(categories: readonly ExerciseCategory[]): Indexed[] {
  return categories.flatMap((category) =>
    category.exercises.map((exercise) => {
      const name = normalizeSearchText(exercise.name)
      return {
        exercise,
        name,
        compactName: name.replace(/ /g, ''),
        all: normalizeSearchText(
          [exercise.name, category.title, exercise.instruction, exercise.variations.join(' ')].join(
            ' ',
          ),
        ),
      }
    }),
  )
}

const defaultIndex = buildIndex(EXERCISE_CATEGORIES)

/** The exercises matching `query`, grouped by category; an empty query matches everything. */
export function searchCatalog(
  query: string,
  categories: readonly ExerciseCategory[] = EXERCISE_CATEGORIES,
): CatalogSearchResult {
  const index = categories === EXERCISE_CATEGORIES ? defaultIndex : buildIndex(categories)
  const q = normalizeSearchText(query)
  const words = q ? q.split(' ') : []
  const matches = new Set<Exercise>()
  let best: { exercise: Exercise; rank: number } | undefined
  const compact = q.replace(/ /g, '')
  for (const entry of index) {
    const inAll = words.every((w) => entry.all.includes(w))
    const inName = words.length > 0 && words.every((w) => entry.name.includes(w))
    const inCompactName = compact.length > 0 && entry.compactName.includes(compact)
    if (!inAll && !inCompactName) continue
    matches.add(entry.exercise)
    // 0: the name is the query; 1: it starts with it; 2: it has every word; 3: elsewhere.
    const rank =
      entry.name === q
        ? 0
        : entry.name.startsWith(q) || entry.compactName.startsWith(compact)
          ? 1
          : inName || inCompactName
            ? 2
            : 3
    if (!best || rank < best.rank) best = { exercise: entry.exercise, rank }
  }
  const grouped = categories
    .map((category) => ({
      category,
      exercises: category.exercises.filter((e) => matches.has(e)),
    }))
    .filter((c) => c.exercises.length > 0)
  return { categories: grouped, count: matches.size, best: best?.exercise }
}
