/**
 * /api/auth/oauth/*: connect, check, test and disconnect Gmail, Outlook and Yahoo Mail accounts
 * (docs/product/email.md#oauth-mailboxes). The callback is the one call the provider's redirect
 * reaches: a GET that always answers with a redirect to `/oauth-success`.
 */
import { z } from 'zod'
import {
  OAuthDisconnectRequestSchema,
  OAuthDisconnectResponseSchema,
  OAuthInitRequestSchema,
  OAuthInitResponseSchema,
  OAuthProviderSchema,
  OAuthStatusQuerySchema,
  OAuthStatusSchema,
  OAuthTestRequestSchema,
  OAuthTestResponseSchema,
} from '../contracts/oauth'
import { apiCall } from './define'

const failures = [400, 401] as const
const tags = ['oauth']

/** The OAuth mailbox calls (modules/oauth). */
export const oauthCalls = {
  status: apiCall({
    method: 'GET',
    path: '/api/auth/oauth/status',
    access: 'signedIn',
    tags,
    summary:
      'Your mailboxes connected by OAuth, whether each grant allows sending, and the providers offered. Grants not refreshed for 9 hours are checked with the provider first; with verify=true (the Send dialog opening, Settings → Email shown), any grant not checked in the last minute.',
    query: OAuthStatusQuerySchema,
    answer: OAuthStatusSchema,
    failures,
  }),
  init: apiCall({
    method: 'POST',
    path: '/api/auth/oauth/init',
    access: 'signedIn',
    rateLimit: 'oauthConnect',
    tags,
    summary:
      'Start connecting a mailbox: the provider’s authorization URL (code flow with PKCE S256; its state is single use, 10 minutes, bound to this session).',
    body: OAuthInitRequestSchema,
    answer: OAuthInitResponseSchema,
    failures,
  }),
  callback: apiCall({
    method: 'GET',
    path: '/api/auth/oauth/callback/:provider',
    access: 'public',
    readsSession: true,
    tags,
    summary:
      'Where the provider sends the browser back after consent. Redirects to /oauth-success?oauth=success&provider=… or ?oauth=error&error=….',
    params: z.object({ provider: OAuthProviderSchema }),
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
    // No answer of its own: always a 302 to /oauth-success (the handler sends it).
    failures: [],
  }),
  disconnect: apiCall({
    method: 'DELETE',
    path: '/api/auth/oauth/disconnect',
    access: 'signedIn',
    tags,
    summary:
      'Disconnect a mailbox: revoke the grant where the provider supports it, delete the tokens.',
    body: OAuthDisconnectRequestSchema,
    answer: OAuthDisconnectResponseSchema,
    failures: [...failures, 404],
  }),
  test: apiCall({
    method: 'POST',
    path: '/api/auth/oauth/test',
    access: 'signedIn',
    rateLimit: 'oauthTest',
    tags,
    summary:
      'Send a short test message through a connected mailbox (the first connected one when no provider is given).',
    body: OAuthTestRequestSchema,
    answer: OAuthTestResponseSchema,
    failures: [...failures, 502],
  }),
}
