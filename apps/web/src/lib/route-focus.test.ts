import { describe, expect, it } from 'vitest'
import { movesFocus } from './route-focus'

describe('focus after a navigation', () => {
  it('moves to the heading when the path changes, not on the first page', () => {
    expect(movesFocus(null, '/pricing')).toBe(false)
    expect(movesFocus('/pricing', '/features')).toBe(true)
    expect(movesFocus('/app/assessment', '/app/exercises')).toBe(true)
  })

  it('stays for the same path (a Settings tab, the skip link)', () => {
    expect(movesFocus('/app/settings', '/app/settings')).toBe(false)
  })
})
