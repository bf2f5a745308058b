/**
 * The assessment → program bridge reads what the draft session really stores (written here by the
 * session controller itself, so a change of the wrapper breaks this test): the same patient's
 * values come over; another patient, no draft or an unwrapped value give nothing.
 */
import { describe, expect, it } from 'vitest'
import { DraftSessionController } from '../../lib/drafts/draft-session'
import type { DraftPersistence } from '../../lib/drafts/draft-session'
import { takeOverFromAssessment } from './assessment-bridge'

const assessment = {
  patientData: { patientFirstName: 'Ruth', patientLastName: 'Okafor', patientDOB: '2019-05-02' },
  sections: [
    {
      id: 'breathing_sleep',
      items: [
        { id: 'bolt_seconds', value: 8 },
        { id: 'nasal_history', value: ['asthma'] },
      ],
    },
  ],
  recommendations: [],
}

/** What the draft store holds after the assessment page saved `value`. */
async function storedByTheAssessmentPage(value: unknown): Promise<unknown> {
  let saved: unknown
  const persistence: DraftPersistence = {
    load: async () => undefined,
    save: async (_kind, v) => {
      saved = v
    },
    remove: async () => undefined,
  }
  const session = new DraftSessionController({
    kind: 'assessment',
    create: () => value,
    persistence,
  })
  session.setKeyAvailable(true)
  // The restore (an empty store here) finishes before the page takes edits.
  await new Promise((resolve) => setTimeout(resolve, 0))
  session.update(structuredClone(value))
  await session.flush()
  return saved
}

const session = { patientFirstName: ' ruth', patientLastName: 'OKAFOR ', sessionDate: '2026-03-05' }

describe('takeOverFromAssessment', () => {
  it('takes the date of birth and the safety facts of the same patient from the stored session', async () => {
    const stored = await storedByTheAssessmentPage(assessment)
    expect(takeOverFromAssessment(stored, session)).toEqual({
      patientDOB: '2019-05-02',
      facts: expect.objectContaining({ controlPauseSeconds: 8, asthma: true, child: true }),
    })
  })

  it('keeps the date of birth typed on the exercise page', async () => {
    const stored = await storedByTheAssessmentPage(assessment)
    const taken = takeOverFromAssessment(stored, { ...session, patientDOB: '1990-01-01' })
    expect(taken?.patientDOB).toBe('1990-01-01')
    expect(taken?.facts.child).toBe(false)
  })

  it('gives nothing for another patient, no draft, or a value outside its session wrapper', async () => {
    const stored = await storedByTheAssessmentPage(assessment)
    expect(takeOverFromAssessment(stored, { ...session, patientLastName: 'Okafor-Lee' })).toBeNull()
    expect(takeOverFromAssessment(stored, { ...session, patientFirstName: '' })).toBeNull()
    expect(takeOverFromAssessment(undefined, session)).toBeNull()
    expect(takeOverFromAssessment(assessment, session)).toBeNull()
  })
})
