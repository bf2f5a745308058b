/** A stored session's letters come back only for that session, and only what is still a draft. */
import { describe, expect, it } from 'vitest'
import { reviveLetters } from './letter-drafts'

const draft = {
  id: 'd1',
  recommendationId: 'rec_ent',
  providerType: 'ent',
  provider: { name: 'Dr. Ana Ruiz', email: 'ruiz@ent.test', phone: 5 },
  ask: 'Adenoids?',
  attachReport: true,
}

describe('reviveLetters', () => {
  it('brings back the drafts of the same session, dropping what is not a draft', () => {
    const stored = {
      version: 1,
      sessionId: 's1',
      drafts: [draft, { ...draft, id: 'd2', providerType: 'astrologer' }, null],
    }
    expect(reviveLetters(stored, 's1')).toEqual([
      { ...draft, provider: { name: 'Dr. Ana Ruiz', email: 'ruiz@ent.test' } },
    ])
  })

  it('brings back nothing of another session or of an unknown shape', () => {
    expect(reviveLetters({ version: 1, sessionId: 's1', drafts: [draft] }, 's2')).toEqual([])
    expect(reviveLetters({ version: 2, sessionId: 's1', drafts: [draft] }, 's1')).toEqual([])
    expect(reviveLetters(undefined, 's1')).toEqual([])
  })
})
