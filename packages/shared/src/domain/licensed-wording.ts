/**
 * The item wording of the Epworth Sleepiness Scale, which is copyrighted and licensed
 * (docs/decisions/017-licensed-instruments.md), as patterns loose enough to catch a paraphrase.
 * Nothing the product shows or prints may match one: the therapist enters the total. The form's
 * test and the documents' tests hold every text to these.
 */
export const EPWORTH_ITEM_PATTERNS: readonly RegExp[] = [
  // "Watching TV" alone is everyday wording the exercises use ("during TV or reading"); the
  // others are the scale's own.
  /sitting and reading/i,
  /inactive in a public place/i,
  /passenger in a car/i,
  /lying down to rest/i,
  /lying down in the afternoon/i,
  /sitting and talking/i,
  /after (a )?lunch/i,
  /stopped .{0,20}traffic/i,
  /chance of dozing/i,
  /would never doze/i,
]

/** The Epworth item patterns `text` matches (none, for anything the product outputs). */
export function epworthWording(text: string): string[] {
  return EPWORTH_ITEM_PATTERNS.filter((pattern) => pattern.test(text)).map(String)
}
