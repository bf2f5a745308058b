/**
 * Texts of the assessment page's referral letters: the letters drafted from the selected
 * recommendations, each to one provider, previewed, downloaded or sent
 * (docs/product/routes.md#referral-letters).
 */

export const LETTERS_TITLE = 'Referral letters'
export const LETTERS_DESCRIPTION =
  'A one-page letter to each provider you refer to, with the findings that matter to them. Write one from each referral you selected, check it, then download it or send it from your mailbox.'
/** No selected recommendation names a provider. */
export const LETTERS_NO_REFERRAL =
  'Select a referral in Recommendations (ENT, orthodontist, frenum release, sleep study…) to write its letter.'
export const LETTERS_NONE_YET = 'No letters yet. Choose Write letter beside a referral.'
export const WRITE_LETTER = 'Write letter'
export const writeLetterLabel = (recommendation: string) => `Write letter: ${recommendation}`
// A dot, not brackets: some types carry their own ("ENT (ear, nose and throat)").
export const letterTitle = (provider: string, type: string) =>
  provider ? `Letter to ${provider} · ${type}` : `Letter to a new provider · ${type}`
/** The heading of a letter's email in the Send dialog. */
export const letterEmailTitle = (provider: string) => `Letter to ${provider}`
export const lettersDrafted = (count: number) =>
  count === 1 ? '1 letter drafted' : `${count} letters drafted`
export const REMOVE_LETTER = 'Remove letter'
export const PREVIEW_LETTER = 'Preview'
export const DOWNLOAD_LETTER = 'Download'
export const SEND_LETTERS = 'Send letters'
export const LETTER_ASK_LABEL = 'Your question to the provider (optional)'
export const LETTER_ASK_HINT =
  'Left empty, the letter asks the usual question for this kind of provider.'
export const LETTER_ATTACH_REPORT = 'Send the assessment report with this letter'
export const LETTER_ATTACH_REPORT_HINT =
  'The report goes as its own PDF beside the letter, which lists it as an enclosure.'
export const LETTER_PROVIDER_LEGEND = 'Provider'
export const LETTER_NEEDS_NAME = 'Enter the provider’s name, or pick one from your address book.'
