import { renderEmail } from '../layout'

/**
 * To an account's owner when failed sign-ins from browsers it has never used closed it to them
 * (docs/decisions/016-device-cookies.md): the unlock link makes the browser that opens it a known
 * one, so the owner signs in there whatever strangers keep doing.
 */
export function signInPausedEmail(
  firstName: string,
  p: { minutes: number; unlockUrl: string; resetUrl: string },
) {
  return renderEmail({
    subject: 'Sign-in to your MyoDocs account was paused on new browsers',
    heading: 'Too many failed sign-ins',
    paragraphs: [
      `Hi ${firstName},`,
      `Someone tried the wrong password for your MyoDocs account many times from browsers you have not signed in with. To protect it, signing in from a new browser is paused for the next ${p.minutes} minutes. Browsers you signed in with before keep working.`,
      'If that was you, open the link below in the browser you want to use: it unlocks sign-in there. The link works for the same time.',
      `If it was not you, your password was not accepted and nothing was opened. You can choose a new password at ${p.resetUrl} — that also lifts the pause.`,
    ],
    action: { label: 'Unlock sign-in on this browser', url: p.unlockUrl },
  })
}
