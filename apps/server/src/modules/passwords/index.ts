/** Passwords: the checks and the history a new account starts with. */
export { checkNewAccountPassword, startPasswordHistory } from './service'
