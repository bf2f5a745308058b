/** The team: the invitation link's reading and acceptance (module `invite`). */
export { acceptInvitation, invitationByToken } from './service'
