import { describe, expect, it } from 'vitest'
import { ERROR_TRY_AGAIN, inviteCodeChecksLimited } from '@myodocs/shared/constants/messages'
import { ApiError } from '../../lib/api-client'
import { inviteCodeError } from './invite-code-error'

describe('the invite-code check message', () => {
  it('past the limit says how long to wait, not "An error occurred"', () => {
    const message = inviteCodeChecksLimited(12)
    const err = new ApiError(message, 429, 'RATE_LIMITED', undefined, {
      success: false,
      code: 'RATE_LIMITED',
      message,
    })
    expect(inviteCodeError(err)).toBe(
      'Too many invite code attempts from this network. Please try again in 12 minutes.',
    )
  })

  it('another refusal keeps the generic text', () => {
    expect(inviteCodeError(new ApiError('x', 409, 'CONFLICT'))).toBe(ERROR_TRY_AGAIN)
  })
})
