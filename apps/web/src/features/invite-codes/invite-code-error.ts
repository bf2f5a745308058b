/** The message /invite-code shows for a failed check (docs/product/limits.md for the 429). */
import {
  ERROR_TRY_AGAIN,
  INVALID_INVITE_CODE,
  UNEXPECTED_ERROR,
} from '@myodocs/shared/constants/messages'
import { ApiError, failureText, isNetworkFailure } from '../../lib/api-client'

export function inviteCodeError(err: unknown): string {
  if (isNetworkFailure(err)) return failureText(err, UNEXPECTED_ERROR)
  if (err instanceof ApiError) {
    if (err.status === 400) return INVALID_INVITE_CODE
    // Too many refused codes: the server says how long to wait, which "try again" would not.
    if (err.status === 429) return failureText(err, ERROR_TRY_AGAIN)
    if (err.status >= 400 && err.status < 500) return ERROR_TRY_AGAIN
  }
  return UNEXPECTED_ERROR
}
