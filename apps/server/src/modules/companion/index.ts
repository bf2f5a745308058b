/** The companion: the link a prescription prints, and the check of a practice summary. */
export { companionLink } from './service'
