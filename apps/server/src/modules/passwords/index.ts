/** Passwords: the checks, the history a new account starts with, and reset links. */
export { checkNewAccountPassword, startPasswordHistory } from './service'
export { issueResetLink } from './reset'
