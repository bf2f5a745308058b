import { base32nopad } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { LINK_DICTIONARY_V1 } from './companion-dictionary'
import { typicalProgram } from './companion-fixture'
import {
  CompanionLinkError,
  MAX_FRAGMENT_CHARS,
  openProgram,
  sealProgram,
  sealProgramWithinBudget,
} from './companion-link'

const randomKey = () => crypto.getRandomValues(new Uint8Array(16))

describe('the companion link', () => {
  it('opens to the program it was made from', async () => {
    const program = typicalProgram()
    const fragment = await sealProgram(program, randomKey)
    expect(await openProgram(fragment)).toEqual(program)
    // A hand-typed or lower-cased link opens too; base32 is case-free.
    expect(await openProgram(`#${fragment.toLowerCase()}`)).toEqual(program)
  })

  it('is one link per program: the same program and key give the same fragment', async () => {
    const key = randomKey()
    const a = await sealProgram(typicalProgram(), () => key)
    const b = await sealProgram(typicalProgram(), () => key)
    expect(a).toBe(b)
  })

  it('carries nothing readable: no name, practice or exercise in the fragment', async () => {
    const fragment = await sealProgram(typicalProgram(), randomKey)
    const bytes = String.fromCharCode(...base32nopad.decode(fragment))
    for (const word of ['Avery', 'Bright', 'spot_taps', 'whistle', 'youtu']) {
      expect(bytes).not.toContain(word)
      expect(fragment).not.toContain(word.toUpperCase())
    }
  })

  it('refuses a changed link: one character, a cut, a foreign key', async () => {
    const fragment = await sealProgram(typicalProgram(), randomKey)
    const at = 60
    const flipped =
      fragment.slice(0, at) + (fragment[at] === 'A' ? 'B' : 'A') + fragment.slice(at + 1)
    await expect(openProgram(flipped)).rejects.toMatchObject({ problem: 'damaged' })
    await expect(openProgram(fragment.slice(0, -8))).rejects.toBeInstanceOf(CompanionLinkError)
    const other = await sealProgram(typicalProgram(), randomKey)
    // The other link's key with this link's ciphertext.
    const spliced = other.slice(0, 28) + fragment.slice(28)
    await expect(openProgram(spliced)).rejects.toBeInstanceOf(CompanionLinkError)
  })

  it('names what is wrong with a link that is not one', async () => {
    await expect(openProgram('')).rejects.toMatchObject({ problem: 'empty' })
    await expect(openProgram('#not base32!')).rejects.toMatchObject({ problem: 'unreadable' })
    await expect(openProgram('AAAA')).rejects.toMatchObject({ problem: 'unreadable' })
    const fragment = await sealProgram(typicalProgram(), randomKey)
    const bytes = base32nopad.decode(fragment)
    bytes[0] = 2
    await expect(openProgram(base32nopad.encode(bytes))).rejects.toMatchObject({ problem: 'newer' })
  })

  it('fits the printed QR code with a typical program, videos and notes included', async () => {
    const sealed = await sealProgramWithinBudget(typicalProgram(), randomKey)
    expect(sealed?.left).toEqual([])
    expect(sealed!.fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS)
  })

  it('leaves out the videos, then the notes, when a long program would not fit, and says so', async () => {
    const many = typicalProgram().exercises.slice(0, 1)
    const ids = [
      'spot_hold_open_close',
      'still_jaw_lateral_sweeps',
      'button_pull',
      'lip_roll_in',
      'tongue_push_ups',
      'palate_slide',
      'corner_to_corner',
      'lip_tracing',
      'elastic_swallow',
      'slurp_and_swallow',
      'effortful_swallow',
      'diaphragmatic_breathing',
      'humming_exhale',
    ]
    const program = typicalProgram({
      exercises: [
        ...many,
        ...ids.map((id, i) => ({
          id,
          name: '',
          minutes: 2,
          frequency: '',
          variation: '',
          note: i % 3 ? '' : 'Slowly, in front of the mirror, and stop if it hurts.',
          video: `https://videos.example.com/bright-airway/${id}`,
        })),
      ],
    })
    const sealed = await sealProgramWithinBudget(program, randomKey)
    expect(sealed).not.toBeNull()
    expect(sealed!.left).toContain('videos')
    expect(sealed!.fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS)
    const opened = await openProgram(sealed!.fragment)
    expect(opened.exercises.map((e) => e.id)).toEqual(program.exercises.map((e) => e.id))
    expect(opened.exercises.every((e) => e.video === '')).toBe(true)
  })

  it('gives up rather than print a code no phone can read', async () => {
    // Words that do not repeat, so compression cannot shrink them.
    let seed = 7
    const noise = (length: number) =>
      Array.from({ length }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        return 'abcdefghijklmnopqrstuvwxyz '[seed % 27]
      }).join('')
    const custom = (n: number) => ({
      id: '',
      custom: { name: `Exercise ${n} ${noise(100)}`, instruction: noise(300), steps: [], dose: '' },
      name: '',
      minutes: 2,
      frequency: '',
      variation: '',
      note: '',
      video: '',
    })
    const program = typicalProgram({ exercises: [1, 2, 3].map(custom) })
    expect(await sealProgramWithinBudget(program, randomKey)).toBeNull()
  })

  it('keeps the version 1 dictionary byte for byte: printed links depend on it', async () => {
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new Uint8Array(LINK_DICTIONARY_V1)),
    )
    expect([...digest].map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(
      'fa1e01cb4c8e6baae7bcff3afb35e5e6a8c7639ac2f8562802cb47950d8571ea',
    )
  })
})
