/**
 * Mailboxes connected by OAuth (Gmail, Outlook, Yahoo Mail): `GET /api/auth/oauth/status`,
 * `POST /api/auth/oauth/init`, `DELETE /api/auth/oauth/disconnect`, `POST /api/auth/oauth/test`
 * and the query of the `/oauth-success` popup page. No token ever appears in these shapes.
 */
import { z } from 'zod'
import {
  OAUTH_CALLBACK_ERRORS,
  OAUTH_PROVIDERS,
  OAUTH_REAUTH_REASONS,
} from '../constants/oauth-messages'
import { MailAddressSchema } from './mail-address'

export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS, {
  error: 'provider must be gmail, outlook or yahoo',
})

/** One connected account as the browser sees it. */
export const ConnectedAccountSchema = z.object({
  provider: OAuthProviderSchema,
  email: z.string(),
  needsReauth: z.boolean(),
  reauthReasons: z.array(z.enum(OAUTH_REAUTH_REASONS)),
  connectedAt: z.string(),
})
export type ConnectedAccount = z.infer<typeof ConnectedAccountSchema>

/** Per connected provider: whether every scope sending needs was granted, and which are missing. */
export const ScopeValidationSchema = z.object({
  valid: z.boolean(),
  missingScopes: z.array(z.string()),
})

/** `GET /api/auth/oauth/status` data. `availableProviders`: the ones this server has a client for. */
export const OAuthStatusSchema = z.object({
  connectedAccounts: z.array(ConnectedAccountSchema),
  scopeValidation: z.partialRecord(OAuthProviderSchema, ScopeValidationSchema),
  hasScopeIssues: z.boolean(),
  availableProviders: z.array(OAuthProviderSchema),
})
export type OAuthStatus = z.infer<typeof OAuthStatusSchema>

/** `GET /api/auth/oauth/status?verify=true`: check every grant with its provider first (at most once a minute each). */
export const OAuthStatusQuerySchema = z.strictObject({
  verify: z.enum(['true', 'false']).optional(),
})

/** `POST /api/auth/oauth/init`. */
export const OAuthInitRequestSchema = z.strictObject({ provider: OAuthProviderSchema })
export const OAuthInitResponseSchema = z.object({ authUrl: z.string() })

/** `DELETE /api/auth/oauth/disconnect`. */
export const OAuthDisconnectRequestSchema = z.strictObject({ provider: OAuthProviderSchema })
export const OAuthDisconnectResponseSchema = z.object({
  provider: OAuthProviderSchema,
  /** Whether the provider confirmed the revocation (false: no revocation endpoint, or it failed). */
  revoked: z.boolean(),
})

/** `POST /api/auth/oauth/test`: without `provider`, the first connected account. */
export const OAuthTestRequestSchema = z.strictObject({
  testEmail: MailAddressSchema,
  provider: OAuthProviderSchema.optional(),
})
export const OAuthTestResponseSchema = z.object({
  provider: OAuthProviderSchema,
  status: z.enum(['sent', 'unknown']),
  messageId: z.string(),
})

/** The query of `/oauth-success`, as the callback redirects to it. */
export const OAuthResultQuerySchema = z.discriminatedUnion('oauth', [
  z.object({ oauth: z.literal('success'), provider: OAuthProviderSchema }),
  z.object({
    oauth: z.literal('error'),
    error: z.enum(OAUTH_CALLBACK_ERRORS).catch('provider_error'),
    provider: OAuthProviderSchema.optional().catch(undefined),
  }),
])
export type OAuthResultQuery = z.infer<typeof OAuthResultQuerySchema>
