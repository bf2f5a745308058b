/**
 * What the team and the invitation pages say (docs/product/team.md). Every text is typed once,
 * here.
 */

import { inMinutes } from './messages'

// The invitation page
export const INVALID_INVITATION_LINK = 'Invalid invitation link'
export const INVALID_INVITATION = 'Invalid invitation'
export const FAILED_TO_LOAD_INVITATION = 'Failed to load invitation'
export const FAILED_TO_ACCEPT_INVITATION = 'Failed to accept invitation'
/** Past the limit of refused invitation links from one network (docs/product/limits.md). */
export const invitationChecksLimited = (minutes: number) =>
  `Too many invitation links tried from this network. Please try again in ${inMinutes(minutes)}.`
export const INVITATION_PASSWORD_MIN_8 = 'Password must be at least 8 characters'
export const CREATE_YOUR_ACCOUNT = 'Create Your Account'
export const REACTIVATE_YOUR_ACCOUNT = 'Reactivate Your Account'
export const GO_TO_LOGIN = 'Go to Login'
export const invitedYouToJoin = (inviter: string, business: string) =>
  `${inviter} invited you to join ${business} on MyoDocs.`

// Who may manage the team (the server's 403)
export const PRIMARY_USER_ACCESS_REQUIRED =
  'Primary User Access Required: only the account holder can do this. Please contact your account administrator.'

// Seats
export const TEAM_NOT_ON_PLAN =
  'Your plan includes only you. Upgrade to Professional or Premium to invite team members.'
export const teamLimitReached = (limit: number) =>
  `Your plan includes up to ${limit} team members, and every seat is taken or invited. Upgrade your plan or remove a member first.`
/** A plan that sells extra seats offers one when full (Premium has nothing to upgrade to). */
export const teamFullAddSeat = (limit: number, price: number) =>
  `All ${limit} seats of your plan are taken or invited. Add a seat ($${price}/month) in Settings › Team, or remove a member first.`
/** The invitation page, when the practice has no seat left for this invitation. */
export const NO_FREE_SEAT_TITLE = 'No free seat yet'
export const noFreeSeat = (who: string) =>
  `This practice has no free seat; ask ${who} to make room.`
export const extraSeatPrice = (price: number) => `Extra members: $${price}/month each.`
/** Full, with no seat to buy on this server (payments not set up) and no plan above. */
export const teamFull = (limit: number) =>
  `All ${limit} seats of your plan are taken or invited. Remove a member or delete an invitation first.`
export const addSeatLabel = (price: number) => `Add a seat ($${price}/month)`
export const seatsUsed = (used: number, limit: number) => `${used} of ${limit} seats used`

// Invitations
export const ALREADY_A_MEMBER = 'This person is already a member of your team.'
export const ALREADY_INVITED =
  'An invitation to this address is already pending. Resend it instead.'
export const EMAIL_OF_ANOTHER_PRACTICE =
  'This email address already has a MyoDocs account with another practice.'
export const INVITATION_NOT_FOUND = 'Invitation not found'
export const INVITATION_SENT = 'Invitation sent.'
export const INVITATION_RESENT = 'Invitation sent again.'
export const INVITATION_DELETED = 'Invitation deleted.'

// Members
export const MEMBER_NOT_FOUND = 'Team member not found'
export const CANNOT_CHANGE_YOURSELF =
  'You cannot deactivate or remove your own account from the team.'
export const MEMBER_DEACTIVATED = 'Member deactivated. They were signed out everywhere.'
export const MEMBER_REACTIVATED = 'Member reactivated.'
export const MEMBER_REMOVED = 'Member removed from your team.'
export const MEMBER_RESET_SENT = 'A password reset link was emailed to the member.'
export const confirmDeactivate = (name: string) =>
  `Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`
export const confirmRemove = (name: string) =>
  `Remove ${name} from your team? Their account is deleted; the audit history of their work stays.`
export const MEMBER_TWO_STEP_RESET =
  'Two-step sign-in reset. The member was signed out and signs in next with their password alone.'
export const RESET_TWO_STEP = 'Reset two-step sign-in'
export const confirmResetTwoStep = (name: string) =>
  `Reset ${name}'s two-step sign-in? Their authenticator app, passkeys and recovery codes are removed and they are signed out. They sign in with their password and set up two-step sign-in again.`
export const twoStepState = (on: boolean) => `Two-step sign-in: ${on ? 'On' : 'Off'}`
export const confirmDeleteInvitation = (email: string) => `Delete the invitation to ${email}?`
