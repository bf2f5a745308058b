import { renderEmail } from '../layout'

/** The invitation to join a practice's team: a single-use link valid for 7 days. */
export function teamInvitationEmail(p: {
  firstName: string
  inviterName: string
  businessName: string
  url: string
}) {
  return renderEmail({
    subject: `${p.inviterName} invited you to ${p.businessName} on MyoDocs`,
    heading: `Join ${p.businessName} on MyoDocs`,
    paragraphs: [
      `Hi ${p.firstName},`,
      `${p.inviterName} invited you to join the ${p.businessName} team on MyoDocs, where you can create assessment reports and exercise prescriptions under the practice's plan.`,
      'The link below works once and expires in 7 days.',
      'If you were not expecting this invitation, you can ignore this email.',
    ],
    action: { label: 'Accept the invitation', url: p.url },
  })
}
