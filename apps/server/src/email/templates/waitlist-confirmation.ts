import { renderEmail } from '../layout'

/** Confirms a new waitlist entry. */
export function waitlistConfirmationEmail(name: string) {
  return renderEmail({
    subject: "You're on the MyoDocs waitlist",
    heading: "You're on the list",
    paragraphs: [
      `Hi ${name},`,
      'Thanks for your interest in MyoDocs. We are opening the beta in small groups and will email you an invite code as soon as a spot opens.',
    ],
  })
}
