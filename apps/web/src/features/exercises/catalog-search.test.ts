// Unit: searching the exercise catalog.
import { describe, expect, it } from 'vitest'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import { normalizeSearchText, searchCatalog } from './catalog-search'

const ids = (query: string) =>
  searchCatalog(query).categories.flatMap((c) => c.exercises.map((e) => e.id))

describe('searchCatalog', () => {
  it('matches everything, grouped in the spec’s category order, when the query is empty', () => {
    const result = searchCatalog('   ')
    expect(result.categories.map((c) => c.category.id)).toEqual(
      EXERCISE_CATEGORIES.map((c) => c.id),
    )
    expect(result.count).toBe(EXERCISE_CATEGORIES.flatMap((c) => c.exercises).length)
    expect(result.best?.id).toBe('spot_hold_open_close')
  })

  it('ignores case, accents, dashes and quotes', () => {
    expect(normalizeSearchText('“Ka–ga” Répétitions')).toBe('ka ga repetitions')
    expect(ids('KA-GA')).toEqual(['ka_ga_repetitions'])
    expect(ids('kaga')).toEqual(['ka_ga_repetitions'])
    expect(ids('smile pucker')).toEqual(['smile_pucker_still_jaw', 'smile_pucker_alternation'])
  })

  it('needs every word, found in the name, category, instruction or variations', () => {
    expect(ids('button')).toEqual(['button_pull'])
    // "mirror" is in instructions and variations only.
    expect(ids('mirror').length).toBeGreaterThan(3)
    expect(ids('soft palate spoon')).toEqual(['spoon_press'])
    expect(ids('balloon zebra')).toEqual([])
    expect(searchCatalog('zebra')).toMatchObject({ categories: [], count: 0, best: undefined })
  })

  it('offers a name match first as the one Enter adds, even when a catalog-earlier one matches elsewhere', () => {
    // "suction" appears in Jaw lingual dissociation instructions before "Suction hold".
    expect(searchCatalog('suction h').best?.id).toBe('suction_hold_opening')
    expect(searchCatalog('suction hold').best?.id).toBe('suction_hold')
    // "elastic" is in instructions of earlier categories; the name starting with it wins.
    expect(searchCatalog('elastic').best?.id).toBe('elastic_swallow')
    expect(searchCatalog('tape').best?.id).toBe('lip_seal_tape_daytime')
  })
})
