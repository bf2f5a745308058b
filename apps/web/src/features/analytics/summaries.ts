/**
 * The text each chart is summarised by (read first by screen readers, and shown to everyone), and
 * the labels of months, weeks and document kinds. Pure, so they are tested without a browser.
 */
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import { DOCUMENTS } from '@myodocs/shared/contracts/document-registry'

type Usage = AnalyticsUsage

export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

export const weekLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

export const kindLabel = (kind: Usage['pdfsByKind'][number]['kind']) => DOCUMENTS[kind].label

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The limit line applies when it counts what the chart shows. */
export function chartLimit(u: Usage): number | null {
  if (u.plan.monthlyPdfLimit === null) return null
  if (u.plan.limitPer === 'user' && u.scope === 'business') return null
  return u.plan.monthlyPdfLimit
}

export function pdfsByMonthSummary(u: Usage): string {
  const total = plural(u.totals.pdfs, 'PDF')
  const busiest = u.pdfsByMonth.reduce((a, b) => (b.count > a.count ? b : a), u.pdfsByMonth[0]!)
  const limit = chartLimit(u)
  const current = u.pdfsByMonth[u.pdfsByMonth.length - 1]!
  const parts = [
    `${total} generated from ${monthLabel(u.pdfsByMonth[0]!.month)} to ${monthLabel(current.month)}.`,
  ]
  if (u.totals.pdfs > 0)
    parts.push(
      `The busiest month was ${monthLabel(busiest.month)} with ${plural(busiest.count, 'PDF')}.`,
    )
  if (limit !== null) {
    parts.push(
      `${monthLabel(current.month)}: ${current.count} of ${limit} PDFs (${Math.round((current.count / limit) * 100)}% of the monthly limit).`,
    )
  } else if (u.plan.monthlyPdfLimit === null) {
    parts.push('Your plan has no monthly limit.')
  } else {
    parts.push(`Each team member may generate ${u.plan.monthlyPdfLimit} PDFs a month.`)
  }
  return parts.join(' ')
}

export function pdfsByKindSummary(u: Usage): string {
  if (u.pdfsByKind.length === 0) return 'No PDFs in this range.'
  return `${u.pdfsByKind.map((k) => `${kindLabel(k.kind)}: ${k.count}`).join('; ')}.`
}

export function pdfsByMemberSummary(u: Usage): string {
  if (u.pdfsByMember.length === 0) return 'No PDFs in this range.'
  return `${u.pdfsByMember.map((m) => `${m.name}: ${m.count}`).join('; ')}.`
}

export function emailsSummary(u: Usage): string {
  if (u.emailsByWeek.length === 0) return 'No emails sent in this range.'
  const sum = (k: 'sent' | 'failed' | 'unknown' | 'sending') =>
    u.emailsByWeek.reduce((n, w) => n + w[k], 0)
  const parts = [
    `${plural(u.totals.emails, 'email')} over ${plural(u.emailsByWeek.length, 'week')}: ${sum('sent')} sent, ${sum('failed')} failed`,
  ]
  if (sum('unknown') > 0) parts.push(`${sum('unknown')} with an unknown outcome`)
  if (sum('sending') > 0) parts.push(`${sum('sending')} still sending`)
  return `${parts.join(', ')}.`
}

export function trialSummary(u: Usage): string | null {
  if (u.plan.trialDaysRemaining === null) return null
  return u.plan.trialDaysRemaining === 0
    ? 'Your trial has ended.'
    : `${plural(u.plan.trialDaysRemaining, 'day')} left in your trial.`
}
