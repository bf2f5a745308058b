import { describe, expect, it } from 'vitest'
import {
  ACCESS_MESSAGES,
  availableTemplates,
  resolveTemplate,
  templateAccessProblem,
  TEMPLATES,
} from './templates'

const member = { signedIn: true, isPrimaryUser: false, businessId: 'b1' }

describe('the template registry', () => {
  it('lists assessment, exercises, analytics and settings, each requiring only sign-in', () => {
    expect(TEMPLATES.map((t) => [t.id, t.name])).toEqual([
      ['assessment', 'Myofunctional Assessment'],
      ['exercises', 'Exercise Prescription'],
      ['analytics', 'Analytics'],
      ['settings', 'Settings'],
    ])
    expect(availableTemplates(member)).toHaveLength(4)
    expect(availableTemplates({ ...member, signedIn: false })).toEqual([])
  })

  it('falls back to the first available template for an unknown id', () => {
    expect(resolveTemplate('nope', member)?.id).toBe('assessment')
    expect(resolveTemplate('exercises', member)?.id).toBe('exercises')
    expect(resolveTemplate('assessment', { ...member, signedIn: false })).toBeUndefined()
  })

  it('names the access problem', () => {
    const t = { ...TEMPLATES[0]!, requirePrimaryUser: true, requireBusiness: true }
    expect(templateAccessProblem(t, { ...member, signedIn: false })).toBe(
      ACCESS_MESSAGES.authRequired,
    )
    expect(templateAccessProblem(t, member)).toBe(ACCESS_MESSAGES.primaryUserRequired)
    expect(templateAccessProblem(t, { ...member, isPrimaryUser: true, businessId: null })).toBe(
      ACCESS_MESSAGES.businessRequired,
    )
    expect(templateAccessProblem(t, { ...member, isPrimaryUser: true })).toBeNull()
  })
})
