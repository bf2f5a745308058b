/**
 * The API table: every call declared in packages/shared/src/api/, one file per module
 * (docs/decisions/024-api-table.md). The server registers a handler for each, and the OpenAPI,
 * the access and CSRF matrices, the fuzzer and the log redaction read them from here.
 */
import { accountCalls } from './account'
import { adminCalls } from './admin'
import { analyticsCalls } from './analytics'
import { auditCalls } from './audit'
import { billingCalls } from './billing'
import { businessCalls } from './business'
import { companionCalls } from './companion'
import { contactCalls } from './contact'
import { customExerciseCalls } from './custom-exercises'
import type { ApiCall } from './define'
import { documentCalls } from './documents'
import { emailCalls } from './email'
import { inviteCalls } from './invite'
import { inviteCodeCalls } from './invite-codes'
import { legalCalls } from './legal'
import { oauthCalls } from './oauth'
import { passwordCalls } from './passwords'
import { profileCalls } from './profile'
import { providerCalls } from './providers'
import { referralCalls } from './referral'
import { registrationCalls } from './registration'
import { sessionCalls } from './sessions'
import { settingsCalls } from './settings'
import { subscriptionCalls } from './subscription'
import { systemCalls } from './system'
import { teamCalls } from './team'
import { twoStepCalls } from './two-step'
import { waitlistCalls } from './waitlist'

/** Every call of the table, module by module. */
const MODULES: ReadonlyArray<Record<string, ApiCall>> = [
  accountCalls,
  adminCalls,
  analyticsCalls,
  auditCalls,
  billingCalls,
  businessCalls,
  companionCalls,
  contactCalls,
  customExerciseCalls,
  documentCalls,
  emailCalls,
  inviteCalls,
  inviteCodeCalls,
  legalCalls,
  oauthCalls,
  passwordCalls,
  profileCalls,
  providerCalls,
  referralCalls,
  registrationCalls,
  sessionCalls,
  settingsCalls,
  subscriptionCalls,
  systemCalls,
  teamCalls,
  twoStepCalls,
  waitlistCalls,
]
export const API_TABLE: readonly ApiCall[] = MODULES.flatMap((calls) => Object.values(calls))

/**
 * The paths that need no CSRF token (docs/product/errors.md#csrf-retry), the table's `csrfExempt`
 * calls: login, register, forgot-password, reset-password, health,
 * waitlist, contact, csrf-token and Stripe's signed webhook.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = API_TABLE.filter((c) => c.csrfExempt).map(
  (c) => c.path,
)
