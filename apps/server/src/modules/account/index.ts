/** The account section: the referral card, the data export and deletion. */
export { deleteAccount, exportAccount, referralInfo } from './service'
