import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PASSWORD_POLICY,
  loadCommonPasswords,
  localPasswordValidation,
} from '@myodocs/shared/domain/password-policy'
import type { PasswordStrength } from './hooks/use-password-strength'
import { meterRows } from './meter-rows'

async function strengthOf(password: string): Promise<PasswordStrength> {
  const validation = {
    ...localPasswordValidation(password, await loadCommonPasswords()),
    breachCheck: 'unknown' as const,
  }
  return { validation, source: 'server', pending: false, isValid: validation.isValid }
}

describe('the strength meter rows', () => {
  it.each(['Myofunctional2026!', 'Tongue-Lip-2025!'])(
    'name the common word %s is built around instead of a bare "Not a common password"',
    async (password) => {
      const { rows } = meterRows(await strengthOf(password), DEFAULT_PASSWORD_POLICY)
      const missing = rows.filter(([, ok]) => ok === false).map(([label]) => label)
      expect(missing).toHaveLength(1)
      expect(missing[0]).toMatch(/^This password is built around ".+", a common password/)
      expect(rows.map(([label]) => label)).not.toContain('Not a common password')
    },
  )

  it('say a common password is one', async () => {
    const { rows } = meterRows(await strengthOf('password123'), DEFAULT_PASSWORD_POLICY)
    expect(rows).toContainEqual(['This is a commonly used password.', false])
  })

  it('tick "Not a common password" for a passphrase', async () => {
    const { rows, notes } = meterRows(
      await strengthOf('Quartz-Lantern-Oboe-73!'),
      DEFAULT_PASSWORD_POLICY,
    )
    expect(rows).toContainEqual(['Not a common password', true])
    expect(rows.filter(([, ok]) => ok === false)).toEqual([])
    expect(notes).toEqual([])
  })
})
