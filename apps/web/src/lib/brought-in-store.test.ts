// Unit: the documents brought in, kept per page for the tab and forgotten at sign-out.
import { describe, expect, it } from 'vitest'
import type { SessionFilePayload } from '@myodocs/shared/contracts/session-file'
import { dropBroughtIn, forgetBroughtIn, keepBroughtIn, readBroughtIn } from './brought-in-store'

/** A Storage over a Map, as sessionStorage behaves. */
function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    get length() {
      return map.size
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

const payload: SessionFilePayload = {
  version: 1,
  kind: 'exercise',
  issuer: 'b1',
  date: '2026-03-05',
  patient: { firstName: 'Avery', lastName: 'Moreno', dob: '' },
  sessionNumber: 2,
  exercises: [],
  measures: [{ measure: 'controlPauseSeconds', value: 8 }],
}

describe('brought-in store', () => {
  it('keeps the documents per page, tied to their session', () => {
    const store = memoryStorage()
    keepBroughtIn('exercises', { sessionId: 's1', payloads: [payload] }, store)
    expect(readBroughtIn('exercises', store)).toEqual({ sessionId: 's1', payloads: [payload] })
    expect(readBroughtIn('assessment', store)).toBeNull()
    dropBroughtIn('exercises', store)
    expect(readBroughtIn('exercises', store)).toBeNull()
  })

  it('reads nothing that is not its own shape', () => {
    const store = memoryStorage()
    store.setItem('myodocs.brought-in.exercises', '{not json')
    expect(readBroughtIn('exercises', store)).toBeNull()
    store.setItem('myodocs.brought-in.exercises', JSON.stringify({ sessionId: 's1', payloads: [] }))
    expect(readBroughtIn('exercises', store)).toBeNull()
  })

  it('forgets every page’s documents at sign-out and leaves the rest of the tab alone', () => {
    const store = memoryStorage()
    store.setItem('other', 'kept')
    keepBroughtIn('exercises', { sessionId: 's1', payloads: [payload] }, store)
    keepBroughtIn('assessment', { sessionId: 's2', payloads: [payload] }, store)
    forgetBroughtIn(store)
    expect([...store.map.keys()]).toEqual(['other'])
  })
})
