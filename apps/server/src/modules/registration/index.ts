/** Registration: creating an account (also the test factories' way to make one). */
export { createAccount } from './service'
export type { NewAccount } from './service'
