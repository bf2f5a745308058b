// The registration feature as other features use it: the sign-up journey held in the tab.
export { afterInviteCodePath, signupSession } from './signup-session'
