// LOCAL STAND-IN until the referral-letter document kind joins the document registry on main:
// then `DocumentKind` has it and `DOCUMENTS['referral-letter'].label` names it. Removed before landing.
export const REFERRAL_LETTER_KIND = 'referral-letter'
export const REFERRAL_LETTER_LABEL = 'Referral Letter'
