import { renderEmail } from '../layout'

/**
 * To the address a registration named when it has no account yet: the link creates the account
 * (docs/product/accounts.md#registration), so only the mailbox's owner can open an account on it.
 */
export function registrationLinkEmail(firstName: string, p: { url: string; hours: number }) {
  return renderEmail({
    subject: 'Finish creating your MyoDocs account',
    heading: 'Confirm your email',
    paragraphs: [
      `Hi ${firstName},`,
      `Someone (hopefully you) started creating a MyoDocs account with this email address. Open the link below to finish: it creates your account and starts your free trial. It works for ${p.hours} hours.`,
      'If you did not ask for this, you can ignore this email: no account is created.',
    ],
    action: { label: 'Create my account', url: p.url },
  })
}

/**
 * To the address a registration named when it already has an account: the registration answers
 * exactly as for a new address, and this email (not the answer) tells the owner what to do.
 */
export function alreadyRegisteredEmail(
  firstName: string,
  p: { signInUrl: string; resetUrl: string },
) {
  return renderEmail({
    subject: 'You already have a MyoDocs account',
    heading: 'You already have an account',
    paragraphs: [
      `Hi ${firstName},`,
      'Someone (hopefully you) tried to create a MyoDocs account with this email address, which already has one. No second account was created.',
      `Sign in with your email and password. Forgot it? Choose a new one at ${p.resetUrl}.`,
      'If it was not you, you can ignore this email: nothing about your account changed.',
    ],
    action: { label: 'Sign in', url: p.signInUrl },
  })
}
