/**
 * The activity log: every audit event the server may write, with the detail fields each one
 * allows, and the calls that read it (GET /audit, GET /audit/export). A detail is an id, a count,
 * a flag, a hash or a word of a fixed list — never free text — so no event can carry a patient's
 * name or a document's content. Rules: docs/product/privacy.md#activity-log, ADR
 * docs/decisions/014-audit-log.md.
 */
import { z } from 'zod'
import { AUDIT_EVENT_LABELS } from '../constants/audit-messages'
import { OAUTH_CALLBACK_ERRORS, OAUTH_PROVIDERS } from '../constants/oauth-messages'
import { OAUTH_REAUTH_REASONS } from '../constants/oauth-messages'
import { EMAIL_FAILURE_CLASSES, SENT_COPY_OUTCOMES } from '../constants/email-messages'
import { BILLING_FREQUENCIES, PLAN_TYPES } from '../constants/plans'
import { SUBSCRIPTION_STATUSES } from '../domain/subscription'
import { DOCUMENT_KINDS } from './document-registry'
import { PROVIDER_TYPES } from '../domain/provider-types'
import { RECIPIENT_STATUSES } from './email'
import { LEGAL_DOCUMENT_KINDS } from './legal'
import { EMAIL_PROVIDERS } from './settings'

// The only shapes a detail may take.
const id = z.uuid()
const count = z.number().int().nonnegative()
const flag = z.boolean()
/** A version label we publish (`2026-01`, `1.2`), never typed by a user. */
const version = z.string().regex(/^[\w.-]{1,40}$/)
/** A route template of this API (`/api/auth/login`), never a filled-in URL. */
const route = z
  .string()
  .regex(/^\/api\/[\w/:.-]{0,200}$/)
  .optional()
/** The email log's keyed hash of a recipient address (HMAC-SHA-256, hex). */
const recipientHashes = z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(100)
const words = <T extends readonly [string, ...string[]]>(list: T) => z.enum(list)

const SETTINGS_SECTIONS = ['pdf', 'exerciseVideos', 'notifications', 'email'] as const
const planState = z.strictObject({
  planType: words(PLAN_TYPES),
  billingFrequency: words(BILLING_FREQUENCIES),
  status: words(SUBSCRIPTION_STATUSES),
})
const none = z.strictObject({})
const sessionEnd = z.strictObject({
  sessionId: id,
  reason: words(['revoked', 'idle', 'absolute', 'deactivated', 'refresh_reuse']).optional(),
})
const emailSend = z.strictObject({
  logId: id,
  provider: words(EMAIL_PROVIDERS),
  failure: words(EMAIL_FAILURE_CLASSES).optional(),
  sentCopy: words(SENT_COPY_OUTCOMES).optional(),
  recipientHashes: recipientHashes.optional(),
  /** What the provider did for each recipient, in the order of `recipientHashes`. */
  recipientStatuses: z.array(words(RECIPIENT_STATUSES)).max(100).optional(),
})
const smtpAccount = z.strictObject({ accountId: id })
const invitation = z.strictObject({ invitationId: id })
const member = z.strictObject({ memberId: id })
const customExercise = z.strictObject({ customExerciseId: id })

/**
 * Every event name with its details schema (strict: an unknown field is refused). Add an event
 * here, with its label in `AUDIT_EVENT_LABELS`, before the server may write it.
 */
export const AUDIT_EVENTS = {
  'auth.register': z.strictObject({
    confirmations: z.strictObject({ ageConfirmed: flag, acceptTerms: flag, acceptBAA: flag }),
    planType: words(PLAN_TYPES),
    billingFrequency: words(BILLING_FREQUENCIES),
    referredByBusinessId: id.nullable(),
  }),
  'auth.login': z.strictObject({
    sessionId: id.optional(),
    secondStep: words(['required', 'totp', 'recovery', 'passkey']).optional(),
    reason: words(['wrong_password', 'unknown_email', 'deactivated']).optional(),
    blocked: flag.optional(),
  }),
  'auth.login_blocked': z.strictObject({ reason: words(['rate_limited']) }),
  'auth.sign_in_paused': none,
  'auth.browser_unlocked': none,
  'auth.logout': z.strictObject({ sessionId: id }),
  'auth.idle_logout': z.strictObject({ sessionId: id }),
  'auth.idle_timeout': sessionEnd,
  'auth.session_ended': sessionEnd,
  'auth.refresh_token_reuse': sessionEnd,
  'auth.password_change': z.strictObject({
    reason: words(['wrong_current_password']).optional(),
    otherSessionsRevoked: count.optional(),
  }),
  'auth.password_reset_requested': z.strictObject({
    reason: words(['rate_limited', 'deactivated', 'unknown_email']).optional(),
  }),
  'auth.password_reset': z.strictObject({ sessionsRevoked: count }),
  'auth.profile_update': none,
  'auth.second_step': z.strictObject({
    method: words(['totp', 'recovery', 'passkey']),
    sessionId: id.optional(),
    reason: words(['invalid_code', 'rate_limited']).optional(),
  }),
  'auth.totp_enrol': none,
  'auth.totp_remove': z.strictObject({ by: words(['self', 'account_holder']).optional() }),
  'auth.recovery_code_used': z.strictObject({ remaining: count }),
  'auth.recovery_codes_regenerate': none,
  'auth.passkey_add': z.strictObject({ passkeyId: id }),
  'auth.passkey_remove': z.strictObject({ passkeyId: id }),
  'team.invite': z.strictObject({
    invitationId: id.optional(),
    reactivates: flag.optional(),
    reason: words(['seat_limit']).optional(),
  }),
  'team.invite_resend': invitation,
  'team.invite_delete': invitation,
  'team.invite_accept': invitation,
  'team.invite_accept_reactivate': invitation,
  'team.member_deactivate': z.strictObject({ memberId: id, sessionsRevoked: count }),
  'team.member_reactivate': z.strictObject({
    memberId: id,
    reason: words(['seat_limit']).optional(),
  }),
  'team.member_reset_password': member,
  'team.member_remove': member,
  'team.member_two_step_reset': z.strictObject({
    memberId: id,
    by: words(['operator']).optional(),
  }),
  'legal.accept': z.strictObject({
    kind: words(LEGAL_DOCUMENT_KINDS),
    version: version.optional(),
    acceptanceId: id.optional(),
    // A member's refused BAA, as recorded before the refusal became access.primary_user_required.
    reason: words(['not_primary_user']).optional(),
  }),
  'legal.baa_download': z.strictObject({ acceptanceId: id, version }),
  'business.update': none,
  'business.logo_upload': z.strictObject({
    reason: words(['invalid_image', 'error']).optional(),
    bytes: count,
    width: count.optional(),
    height: count.optional(),
  }),
  'business.logo_delete': none,
  'business.security_update': z.strictObject({ requireTwoStep: flag }),
  'settings.update': z.strictObject({ section: words(SETTINGS_SECTIONS) }),
  'oauth.connect_started': z.strictObject({ provider: words(OAUTH_PROVIDERS) }),
  'oauth.connect': z.strictObject({
    provider: words(OAUTH_PROVIDERS),
    error: words(OAUTH_CALLBACK_ERRORS).optional(),
    reconnected: flag.optional(),
  }),
  'oauth.disconnect': z.strictObject({ provider: words(OAUTH_PROVIDERS), revoked: flag }),
  'oauth.needs_reauth': z.strictObject({
    provider: words(OAUTH_PROVIDERS),
    accountId: id,
    reason: words(OAUTH_REAUTH_REASONS),
  }),
  'oauth.test_email': z.strictObject({
    provider: words(OAUTH_PROVIDERS),
    failure: words(EMAIL_FAILURE_CLASSES).nullable(),
  }),
  'email.smtp_account.create': smtpAccount,
  'email.smtp_account.update': smtpAccount,
  'email.smtp_account.delete': smtpAccount,
  'email.smtp_account.test': z.strictObject({
    accountId: id,
    smtp: words([...EMAIL_FAILURE_CLASSES, 'connected', 'failed', 'skipped', 'not_configured']),
    imap: words([...EMAIL_FAILURE_CLASSES, 'connected', 'failed', 'skipped', 'not_configured']),
  }),
  'custom_exercise.create': customExercise,
  'custom_exercise.update': customExercise,
  'custom_exercise.delete': customExercise,
  'email.sent': emailSend,
  'email.failed': emailSend,
  'email.unknown': emailSend,
  'document.generated': z.strictObject({ documentType: words(DOCUMENT_KINDS) }),
  'usage.limit_reached': z.strictObject({
    scope: words(['business', 'user']),
    limit: count,
    planType: words(PLAN_TYPES),
  }),
  'subscription.change_plan': z.strictObject({
    from: planState,
    to: planState,
    proratedAmountCents: z.number().int(),
  }),
  'subscription.cancel': z.strictObject({
    planType: words(PLAN_TYPES),
    from: words(SUBSCRIPTION_STATUSES),
  }),
  'subscription.reactivate': z.strictObject({
    planType: words(PLAN_TYPES),
    to: words(SUBSCRIPTION_STATUSES),
  }),
  'billing.checkout': z.strictObject({
    planType: words(PLAN_TYPES),
    billingFrequency: words(BILLING_FREQUENCIES),
  }),
  'billing.subscription_updated': z.strictObject({
    from: planState,
    to: planState,
    extraSeats: count,
  }),
  'billing.invoice_paid': z.strictObject({ amountCents: z.number().int() }),
  'billing.payment_failed': z.strictObject({ amountCents: z.number().int() }),
  'billing.seats': z.strictObject({ extraSeats: count }),
  'team.invite_revoked': invitation,
  'account.export': z.strictObject({ scope: words(['user', 'business']) }),
  'account.deleted': z.strictObject({ scope: words(['user', 'business']), people: count }),
  'audit.export': z.strictObject({ rows: count, filtered: flag }),
  'provider.create': z.strictObject({ providerId: id, specialty: words(PROVIDER_TYPES) }),
  'provider.update': z.strictObject({ providerId: id, specialty: words(PROVIDER_TYPES) }),
  'provider.delete': z.strictObject({ providerId: id }),
  'provider.import': z.strictObject({ imported: count, skipped: count, rows: count }),
  'invite_code.created': z.strictObject({
    inviteCodeId: id,
    uses: count,
    by: words(['operator']),
  }),
  'invite_code.used': z.strictObject({ inviteCodeId: id }),
  'waitlist.invited': z.strictObject({ waitlistEntryId: id, by: words(['operator']) }),
  'rate_limit.exceeded': z.strictObject({ route }),
  'access.primary_user_required': z.strictObject({
    route,
    method: words(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  }),
} satisfies Record<keyof typeof AUDIT_EVENT_LABELS, z.ZodType>

/** An event name of the catalogue. */
export type AuditEventName = keyof typeof AUDIT_EVENTS
/** The details an event allows. */
export type AuditDetails<N extends AuditEventName> = z.input<(typeof AUDIT_EVENTS)[N]>

/** Every event name, for the filter's list and the query's validation. */
export const AUDIT_EVENT_NAMES = Object.keys(AUDIT_EVENTS) as [AuditEventName, ...AuditEventName[]]

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]

/** The page size of GET /audit (and the most a page may ask for). */
export const AUDIT_PAGE_SIZE = 50
const AUDIT_PAGE_MAX = 200

// Years before 2000 hold no activity, and year 0 is a date the database refuses.
const day = z.iso
  .date({ error: 'Use a date as YYYY-MM-DD' })
  .refine((d) => d >= '2000-01-01', 'Use a date from 2000 on')

const filterFields = {
  event: z.enum(AUDIT_EVENT_NAMES, { error: 'Unknown event' }).optional(),
  memberId: z.uuid({ error: 'Unknown member' }).optional(),
  from: day.optional(),
  to: day.optional(),
}
const ordered = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to
const orderMessage = { message: 'The start date must be on or before the end date', path: ['to'] }

/** The filters GET /audit and GET /audit/export share; `from`/`to` are whole UTC days, inclusive. */
export const AuditFiltersSchema = z.object(filterFields).refine(ordered, orderMessage)
export type AuditFilters = z.infer<typeof AuditFiltersSchema>

/** GET /audit query: the filters, the page size and the cursor of the previous page's end. */
export const AuditQuerySchema = z
  .object({
    ...filterFields,
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
    cursor: z.string().max(200).optional(),
  })
  .refine(ordered, orderMessage)

/** One row of the activity log as the API answers it. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.string(),
  /** The event's fixed label (`AUDIT_EVENT_LABELS`); the event name for a retired event. */
  label: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** Who did it; null for the system or an operator. */
  actorId: z.string().nullable(),
  /** The person's name while they are on the team; null otherwise. */
  actorName: z.string().nullable(),
  /** The invited person's name, for an invitation's event while the invitation is kept; else null. */
  invitee: z.string().nullable(),
  /** The client address the request came from (docs/product/privacy.md#audit-trail); null for the system. */
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/** GET /audit → data. `nextCursor`: pass it back for the next page; null at the end. */
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

/** The label of an event name, or the name itself for one the catalogue no longer holds. */
export function auditEventLabel(event: string): string {
  return (AUDIT_EVENT_LABELS as Record<string, string>)[event] ?? event
}
