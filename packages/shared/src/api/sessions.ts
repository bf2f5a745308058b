/**
 * The session calls under /api/auth: unlock, logout, me, refresh and the drafts key (sign-in
 * itself is two-step's: it decides whether a second step comes first). Unlock and refresh share
 * the per-IP `auth-entry` budget with sign-in (docs/product/limits.md#rate-limits).
 */
import { z } from 'zod'
import {
  DraftKeySchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  RefreshResponseSchema,
  UnlockRequestSchema,
} from '../contracts/auth'
import { SignedInSchema } from '../contracts/two-step'
import { apiCall } from './define'

const failures = [400, 401, 403, 409, 429] as const
const tags = ['auth']

/** The session calls (modules/sessions). */
export const sessionCalls = {
  unlock: apiCall({
    method: 'POST',
    path: '/api/auth/unlock',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'Unlock sign-in on this browser with the link a paused sign-in emailed the owner.',
    description:
      'When failed sign-ins from browsers the account never used pause sign-in from new ' +
      'browsers, the owner is emailed a link valid while the pause lasts. This sets the ' +
      "account's device cookie, so this browser signs in with the password as a known one; " +
      'the pause still holds for every other browser. An invalid or expired link is 400.',
    body: UnlockRequestSchema,
    // The answer carries `message` beside `data` (docs/product/errors.md#envelope).
    answer: MessageResponseSchema,
    bare: true,
    failures,
  }),
  logout: apiCall({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    tags,
    summary: "End this browser's session and clear its cookies (idempotent).",
    description:
      'The cookies are cleared on every answer of this route, also when ending the session ' +
      'fails (500): the browser is signed out either way. The answer carries ' +
      '`Clear-Site-Data: "cache", "storage"` (reason `user`) or `"cache"` (reason `idle`, ' +
      'whose encrypted drafts wait for the same user); never `"cookies"`, which would drop ' +
      'the device cookie.',
    body: LogoutRequestSchema,
    answer: z.object({ signedOut: z.literal(true) }),
    failures,
  }),
  me: apiCall({
    method: 'GET',
    path: '/api/auth/me',
    access: 'signedIn',
    duringTwoStepEnrolment: true,
    tags,
    summary: 'The signed-in user (also the session check and keep-alive: records activity).',
    description:
      '`twoStepEnrolmentRequired`: the practice requires two-step sign-in and the user has ' +
      'none yet; the browser sends them to enrol.',
    answer: SignedInSchema,
    failures: [401],
  }),
  refresh: apiCall({
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    rateLimit: 'authEntry',
    tags,
    summary: 'Exchange the refresh cookie for a new access and refresh token.',
    description:
      'An already-used refresh token within 30 s of its rotation gets the same new pair (two ' +
      'tabs); later, it revokes the whole session (401 SESSION_EXPIRED, audited).',
    answer: RefreshResponseSchema,
    failures,
  }),
  draftKey: apiCall({
    method: 'GET',
    path: '/api/auth/draft-key',
    access: 'signedIn',
    tags,
    summary: "The user's key for encrypting browser drafts (AES-GCM 256, base64url).",
    description:
      'Derived on the server, never stored; rotated by a password reset or deactivation.',
    answer: DraftKeySchema,
    failures: [401],
  }),
}
