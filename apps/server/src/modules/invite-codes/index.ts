/** Invite codes: creating and listing them (operator), and using one up (registration). */
export {
  assertInviteCodeUsable,
  consumeInviteCode,
  createInviteCode,
  generateInviteCode,
  inviteCodeList,
} from './service'
