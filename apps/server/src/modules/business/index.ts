/** The business: its profile and logo (documents print them), its name, and name confirmation. */
export {
  assertBusinessNameConfirmed,
  businessLogo,
  businessName,
  businessProfile,
  documentLogo,
} from './service'
