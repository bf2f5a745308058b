/**
 * /api/invite/:token: the invitation page's calls, for anyone holding the link
 * (docs/product/team.md#accepting-an-invitation). The token is a credential, redacted in logs.
 */
import {
  AcceptInvitationRequestSchema,
  InvitationDetailsSchema,
  InviteTokenParamsSchema,
} from '../contracts/team'
import { SignInResultSchema } from '../contracts/two-step'
import { apiCall } from './define'

const failures = [400, 403, 404, 409, 429] as const
const tags = ['team']
const secretParams = ['token'] as const

/** The invitation link's calls (modules/invite). */
export const inviteCalls = {
  get: apiCall({
    method: 'GET',
    path: '/api/invite/:token',
    access: 'public',
    secretParams,
    tags,
    summary: 'The invitation behind a link: who invites, to which business, for which address.',
    description:
      '`userExists`: the address has a deactivated account of this business (accepting ' +
      'reactivates it). An unknown, used or expired link → 404 Invalid invitation link.',
    params: InviteTokenParamsSchema,
    answer: InvitationDetailsSchema,
    failures,
  }),
  logo: apiCall({
    method: 'GET',
    path: '/api/invite/:token/logo',
    access: 'public',
    secretParams,
    tags,
    summary: "The inviting business's logo (PNG), for the holder of a valid link.",
    params: InviteTokenParamsSchema,
    // The page shows it as an image.
    file: 'image/png',
    failures: [400, 404],
  }),
  accept: apiCall({
    method: 'POST',
    path: '/api/invite/:token/accept',
    access: 'public',
    rateLimit: 'authEntry',
    secretParams,
    tags,
    summary: 'Accept an invitation: creates (or reactivates) the account and signs it in.',
    description:
      'The full password policy applies (400 on `password`). Single use: a used or ' +
      'expired link → 404. The seat limit is checked again (403 UPGRADE_REQUIRED). The ' +
      'new member accepts the Terms and the email-provider attestation for themself; the ' +
      "business's signed BAA covers them. Sets the session cookies and the device cookie, as " +
      'sign-in does; a returning member with two-step sign-in gets `mfaRequired` instead, ' +
      'as POST /auth/login answers.',
    params: InviteTokenParamsSchema,
    body: AcceptInvitationRequestSchema,
    answer: SignInResultSchema,
    failures,
  }),
}
