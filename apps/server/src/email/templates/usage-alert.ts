import { renderEmail } from '../layout'

/** Tells the primary user the month's PDFs reached 80 % or 100 % of the plan's limit. */
export function usageAlertEmail(p: {
  firstName: string
  threshold: number
  generated: number
  limit: number
  /** Who the limit counts: the whole practice, or one member on a per-user allowance. */
  whose: string
  url: string
}) {
  const reached = p.threshold >= 100
  return renderEmail({
    subject: reached
      ? 'Your MyoDocs monthly PDF limit is reached'
      : `You have used ${p.threshold}% of this month’s MyoDocs PDFs`,
    heading: reached ? 'Monthly PDF limit reached' : 'Your PDFs this month',
    paragraphs: [
      `Hi ${p.firstName},`,
      `${p.whose} generated ${p.generated} of ${p.limit} PDFs this month.`,
      reached
        ? 'No more PDFs can be generated until the limit resets at the start of next month, unless you choose a larger plan.'
        : 'Your limit resets at the start of next month. A larger plan gives more PDFs.',
    ],
    action: { label: 'View usage', url: p.url },
  })
}
