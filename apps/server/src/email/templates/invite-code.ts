import { renderEmail } from '../layout'

/** The invite code sent to a waitlist entry by the operator. */
export function inviteCodeEmail(name: string, code: string, url: string) {
  return renderEmail({
    subject: 'Your MyoDocs invite code',
    heading: 'Your spot is ready',
    paragraphs: [
      `Hi ${name},`,
      'Thanks for waiting. Here is your invite code for MyoDocs:',
      code,
      'Start your 30-day free trial with it; no credit card required.',
    ],
    action: { label: 'Create your account', url },
  })
}
