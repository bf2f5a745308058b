/** The waitlist: the operator lists it and invites from it. */
export { inviteFromWaitlist, waitlist } from './service'
