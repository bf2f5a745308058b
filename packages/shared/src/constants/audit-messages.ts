/**
 * What Settings → Activity shows: one fixed label per audit event, and the tab's own texts.
 * Rules: docs/product/privacy.md#activity-log. A text is typed once, here.
 */

/** The label of each event of `AUDIT_EVENTS`, as the Activity table and the CSV show it. */
export const AUDIT_EVENT_LABELS = {
  'auth.register': 'Account created',
  'auth.login': 'Sign-in',
  'auth.login_blocked': 'Sign-in blocked',
  'auth.sign_in_paused': 'Sign-in paused on new browsers (unlock link emailed)',
  'auth.browser_unlocked': 'Sign-in unlocked on a browser',
  'auth.logout': 'Signed out',
  'auth.idle_logout': 'Signed out after inactivity',
  'auth.idle_timeout': 'Session ended after inactivity',
  'auth.session_ended': 'Session ended',
  'auth.refresh_token_reuse': 'Session reuse refused',
  'auth.password_change': 'Password changed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.profile_update': 'Profile updated',
  'auth.second_step': 'Second sign-in step',
  'auth.totp_enrol': 'Authenticator app set up',
  'auth.totp_remove': 'Authenticator app removed',
  'auth.recovery_code_used': 'Recovery code used',
  'auth.recovery_codes_regenerate': 'Recovery codes replaced',
  'auth.passkey_add': 'Passkey added',
  'auth.passkey_remove': 'Passkey removed',
  'team.invite': 'Invitation sent',
  'team.invite_resend': 'Invitation resent',
  'team.invite_delete': 'Invitation deleted',
  'team.invite_revoked': 'Invitation revoked: no seat left after a plan change',
  'team.invite_accept': 'Invitation accepted',
  'team.invite_accept_reactivate': 'Invitation accepted (returning member)',
  'team.member_deactivate': 'Member deactivated',
  'team.member_reactivate': 'Member reactivated',
  'team.member_reset_password': 'Member password reset sent',
  'team.member_remove': 'Member removed',
  'team.member_two_step_reset': 'Member two-step sign-in reset',
  'legal.accept': 'Legal document accepted',
  'legal.baa_download': 'BAA downloaded',
  'business.update': 'Business profile updated',
  'business.logo_upload': 'Logo uploaded',
  'business.logo_delete': 'Logo removed',
  'business.security_update': 'Two-step sign-in requirement changed',
  'settings.update': 'Settings changed',
  'oauth.connect_started': 'Email account connection started',
  'oauth.connect': 'Email account connected',
  'oauth.disconnect': 'Email account disconnected',
  'oauth.needs_reauth': 'Email account needs to be connected again',
  'oauth.test_email': 'Test email sent',
  'email.smtp_account.create': 'SMTP account added',
  'email.smtp_account.update': 'SMTP account changed',
  'email.smtp_account.delete': 'SMTP account removed',
  'email.smtp_account.test': 'SMTP account tested',
  'custom_exercise.create': 'Custom exercise added',
  'custom_exercise.update': 'Custom exercise changed',
  'custom_exercise.delete': 'Custom exercise removed',
  'email.sent': 'Email sent',
  'email.failed': 'Email failed',
  'email.unknown': 'Email outcome unknown',
  'document.generated': 'Document generated',
  'usage.limit_reached': 'Monthly PDF limit reached',
  'subscription.change_plan': 'Plan changed',
  'subscription.cancel': 'Subscription cancelled',
  'subscription.reactivate': 'Subscription reactivated',
  'billing.checkout': 'Checkout started',
  'billing.subscription_updated': 'Subscription updated by Stripe',
  'billing.invoice_paid': 'Invoice paid',
  'billing.payment_failed': 'Payment failed',
  'billing.seats': 'Extra seats changed',
  'account.export': 'Data exported',
  'account.deleted': 'Account deleted',
  'audit.export': 'Activity log exported',
  'provider.create': 'Provider added to the address book',
  'provider.update': 'Provider changed in the address book',
  'provider.delete': 'Provider deleted from the address book',
  'provider.import': 'Providers imported into the address book',
  'invite_code.created': 'Invite code created',
  'invite_code.used': 'Invite code used',
  'waitlist.invited': 'Waitlist entry invited',
  'rate_limit.exceeded': 'Too many requests refused',
  'access.primary_user_required': 'Access refused (account holder only)',
} as const

export const OUTCOME_LABELS = { success: 'Success', failure: 'Failure', denied: 'Denied' } as const

export const ACTIVITY_TITLE = 'Activity'
export const ACTIVITY_DESCRIPTION =
  'Who did what in your practice, and when. Events never hold patient data.'
export const ACTIVITY_OWN_DESCRIPTION =
  'What you did in your practice, and when. Events never hold patient data.'
export const LOADING_ACTIVITY = 'Loading activity…'
export const ACTIVITY_LOAD_FAILED = 'We could not load the activity log.'
export const NO_ACTIVITY = 'No activity matches these filters.'
/** In place of the list while a filter is refused: nothing is read until it is corrected. */
export const ACTIVITY_FILTERS_INVALID = 'Correct the filters above to see the activity.'
/** A date field the browser holds only part of (a day, month or year still missing). */
export const ACTIVITY_DATE_INCOMPLETE = 'Enter the whole date'
export const EXPORT_CSV = 'Export CSV'
export const LOAD_MORE = 'Load more'
export const ALL_EVENTS = 'All events'
export const ALL_MEMBERS = 'All members'
export const ACTIVITY_FILTER_LABELS = {
  event: 'Event',
  member: 'Member',
  from: 'From',
  to: 'To',
} as const
export const ACTIVITY_COLUMNS = {
  at: 'When',
  event: 'Event',
  member: 'Member',
  outcome: 'Outcome',
  details: 'Details',
  ip: 'IP address',
} as const
/** The Member cell of an event no signed-in person caused (a scheduled job, an operator). */
export const SYSTEM_ACTOR = 'System'
/** The Member cell of a person no longer on the team (deleted or removed). */
export const FORMER_MEMBER = 'Former member'
/** A member asked for another person's events. */
export const OWN_ACTIVITY_ONLY = 'You can see only your own activity.'
export const INVALID_CURSOR = 'Invalid cursor'
/** The header row of the CSV export, in column order. */
export const AUDIT_CSV_COLUMNS = [
  'Time (UTC)',
  'Event',
  'Label',
  'Outcome',
  'Member',
  'Member ID',
  'Details',
  'IP address',
] as const

/** The Details cell's name for each detail field; a field not listed shows its own name. */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  acceptanceId: 'Acceptance',
  accountId: 'Account',
  acceptBAA: 'BAA accepted',
  acceptTerms: 'Terms accepted',
  ageConfirmed: 'Age confirmed',
  billingFrequency: 'Billing',
  confirmations: 'Confirmations',
  blocked: 'Blocked',
  bytes: 'Size (bytes)',
  customExerciseId: 'Custom exercise',
  by: 'By',
  documentType: 'Document type',
  error: 'Error',
  failure: 'Failure',
  filtered: 'Filtered',
  from: 'From',
  height: 'Height',
  imap: 'IMAP',
  invitationId: 'Invitation',
  inviteCodeId: 'Invite code',
  kind: 'Document',
  limit: 'Limit',
  logId: 'Email log entry',
  memberId: 'Member',
  method: 'Method',
  otherSessionsRevoked: 'Other sessions signed out',
  passkeyId: 'Passkey',
  people: 'People',
  planType: 'Plan',
  amountCents: 'Amount',
  extraSeats: 'Extra seats',
  proratedAmountCents: 'Prorated amount',
  provider: 'Provider',
  providerId: 'Provider',
  specialty: 'Specialty',
  imported: 'Imported',
  skipped: 'Skipped',
  reactivates: 'Returning member',
  reason: 'Reason',
  recipientHashes: 'Recipients',
  recipientStatuses: 'Delivery per recipient',
  reconnected: 'Reconnected',
  remaining: 'Recovery codes left',
  requireTwoStep: 'Required of every member',
  referredByBusinessId: 'Referred by a practice',
  revoked: 'Access revoked',
  route: 'Route',
  rows: 'Rows',
  scope: 'Scope',
  secondStep: 'Second step',
  section: 'Section',
  sentCopy: 'Sent copy',
  sessionId: 'Session',
  sessionsRevoked: 'Sessions signed out',
  smtp: 'SMTP',
  status: 'Status',
  threshold: 'Threshold',
  to: 'To',
  uses: 'Uses',
  version: 'Version',
  waitlistEntryId: 'Waitlist entry',
  width: 'Width',
}
/** Fixed words of the details that read badly as themselves ("Totp"); others lose their underscores. */
export const AUDIT_DETAIL_VALUES: Record<string, string> = {
  totp: 'Authenticator app',
  recovery: 'Recovery code',
  required: 'Asked for',
  self: 'Themselves',
  pdf: 'PDF',
  exerciseVideos: 'Exercise videos',
  smtp: 'SMTP',
  testing_mode_7d: 'Testing mode (7 days)',
}
export const YES = 'Yes'
export const NO = 'No'
