import { renderEmail } from '../layout'

/** Tells the referring business its link was used. */
export function referralUsedEmail(firstName: string, newBusinessName: string) {
  return renderEmail({
    subject: 'Your MyoDocs referral was used',
    heading: 'Thanks for spreading the word',
    paragraphs: [
      `Hi ${firstName},`,
      `${newBusinessName} just joined MyoDocs with your referral link and gets an extra free month.`,
    ],
  })
}
