/**
 * The team: the invitation link's reading and acceptance (module `invite`); the seats in use and
 * the invitations revoked when fewer seats are paid for (module `billing`).
 */
export { acceptInvitation, invitationByToken } from './invitation-link'
export { revokeInvitationsBeyond, seatsInUse } from './seats'
