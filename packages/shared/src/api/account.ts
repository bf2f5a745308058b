/**
 * /api/account: the referral card, the data export (privacy policy "access") and deletion
 * (privacy policy "request deletion"); docs/product/accounts.md.
 */
import { AccountDeletedSchema, AccountExportSchema } from '../contracts/account'
import { ConfirmByBusinessNameSchema, ReferralInfoSchema } from '../contracts/subscription'
import { apiCall } from './define'

const tags = ['account']

/** The account calls. */
export const accountCalls = {
  referral: apiCall({
    method: 'GET',
    path: '/api/account/referral',
    access: 'primaryUser',
    tags,
    summary: "Refer a colleague: the business's code, link and how many used it (primary user).",
    answer: ReferralInfoSchema,
    failures: [401, 403],
  }),
  export: apiCall({
    method: 'GET',
    path: '/api/account/export',
    access: 'signedIn',
    tags,
    summary: 'Download everything kept about you as JSON (profile, business, settings, …).',
    description:
      'Profile, business, subscription, settings, legal acceptances and audit events. The ' +
      'primary user gets the whole business’s acceptances and audit trail; a member their own. ' +
      'Sent as an attachment (myodocs-export-YYYY-MM-DD.json).',
    answer: AccountExportSchema,
    failures: [401],
  }),
  delete: apiCall({
    method: 'POST',
    path: '/api/account/delete',
    access: 'signedIn',
    tags,
    summary: 'Delete your account (a member) or the whole business (primary user, once cancelled).',
    description:
      'Confirmed by typing the business name. Personal data is deleted; audit rows stay with ' +
      'each person replaced by a tombstone id. The primary user must cancel the plan first (409). ' +
      'The answer carries `Clear-Site-Data: "cache", "storage"`, as Sign Out does.',
    body: ConfirmByBusinessNameSchema,
    answer: AccountDeletedSchema,
    failures: [400, 401, 403, 409],
  }),
}
