import { renderEmail } from '../layout'

/** A password reset link the account holder asked for on behalf of a team member. */
export function teamPasswordResetEmail(firstName: string, businessName: string, url: string) {
  return renderEmail({
    subject: 'Reset your MyoDocs password',
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${firstName},`,
      `The account holder of ${businessName} asked MyoDocs to send you a link to choose a new password. The link works once and expires in 1 hour.`,
      'Until you use it, your current password keeps working.',
    ],
    action: { label: 'Choose a new password', url },
  })
}
