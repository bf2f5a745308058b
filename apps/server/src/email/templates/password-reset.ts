import { renderEmail } from '../layout'

/** A single-use link valid for one hour. */
export function passwordResetEmail(firstName: string, url: string) {
  return renderEmail({
    subject: 'Reset your MyoDocs password',
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${firstName},`,
      'Someone (hopefully you) asked to reset the password of your MyoDocs account. The link below works once and expires in 1 hour.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  })
}
