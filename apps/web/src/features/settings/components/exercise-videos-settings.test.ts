// Unit: the demo-video links form (https only, the shared schema's messages; blanks clear).
import { describe, expect, it } from 'vitest'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import {
  formToVideoLinks,
  VideoLinksFormSchema,
  videoLinksToForm,
} from './exercise-videos-settings'

const LINK = 'https://videos.example.com/button-pull'

describe('demo-video links form', () => {
  it('has a field for every catalog exercise, filled where a link is saved', () => {
    const values = videoLinksToForm({ links: { button_pull: LINK } })
    expect(Object.keys(values.links)).toHaveLength(
      EXERCISE_CATEGORIES.flatMap((c) => c.exercises).length,
    )
    expect(values.links.button_pull).toBe(LINK)
    expect(values.links.gargle).toBe('')
  })

  it('accepts blanks and https links, and rejects others with the shared messages', () => {
    const check = (url: string) =>
      VideoLinksFormSchema.safeParse({ links: { gargle: url } }).error?.issues[0]?.message
    expect(check('')).toBeUndefined()
    expect(check(`  ${LINK}  `)).toBeUndefined()
    expect(check('http://videos.example.com/v')).toBe('Only https:// links are allowed')
    expect(check('videos.example.com/v')).toBe('Enter a full link starting with https://')
  })

  it('saves the filled links only, trimmed, and keeps links of retired exercises', () => {
    const values = VideoLinksFormSchema.parse({
      links: { ...videoLinksToForm({ links: {} }).links, gargle: ` ${LINK} `, button_pull: '' },
    })
    const saved = { links: { button_pull: 'https://old.example.com', retired_one: LINK } }
    expect(formToVideoLinks(values, saved)).toEqual({
      links: { retired_one: LINK, gargle: LINK },
    })
  })
})
