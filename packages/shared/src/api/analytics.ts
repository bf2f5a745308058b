/**
 * /api/analytics: the Analytics page's figures and the in-app usage alerts
 * (docs/product/analytics.md).
 */
import {
  AnalyticsUsageQuerySchema,
  AnalyticsUsageSchema,
  UsageAlertParamsSchema,
  UsageAlertsSchema,
} from '../contracts/analytics'
import { apiCall } from './define'

const tags = ['analytics']

/** The analytics calls. */
export const analyticsCalls = {
  usage: apiCall({
    method: 'GET',
    path: '/api/analytics/usage',
    access: 'signedIn',
    tags,
    summary: 'PDFs and emails over a date range, against the plan.',
    description:
      'PDFs generated per month (every month of the range, with the plan’s monthly limit), ' +
      'per document type and per team member; emails sent per week (Monday, UTC) by status; ' +
      'days left in the trial. `from` and `to` are UTC days, both included (default: the ' +
      'last six calendar months to today; at most 732 days). The primary user reads the ' +
      'whole business; a member reads only their own figures. Aggregated in the database: ' +
      'no event is ever returned one by one.',
    query: AnalyticsUsageQuerySchema,
    answer: AnalyticsUsageSchema,
    failures: [400, 401, 404],
  }),
  alerts: apiCall({
    method: 'GET',
    path: '/api/analytics/alerts',
    access: 'signedIn',
    tags,
    summary: 'This month’s usage alerts for the caller, with their dismissals.',
    description:
      'The usage alerts raised this month (UTC) at 80 % and 100 % of the monthly PDF limit: ' +
      'the business’s, and on a per-user allowance the caller’s own. `dismissed` is the ' +
      'caller’s own dismissal.',
    answer: UsageAlertsSchema,
    failures: [401],
  }),
  dismissAlert: apiCall({
    method: 'POST',
    path: '/api/analytics/alerts/:alertId/dismiss',
    access: 'signedIn',
    tags,
    summary: 'Dismiss a usage alert for the caller, on every device.',
    params: UsageAlertParamsSchema,
    answer: UsageAlertParamsSchema,
    failures: [400, 401, 404],
  }),
}
