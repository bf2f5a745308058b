/**
 * The free texts' length limits of every document request, in a module of their own: both
 * requests' modules read them (./documents.ts re-exports them).
 */

/** Length limits of the free texts, ours: the spec sets none. */
export const DOCUMENT_TEXT_LIMITS = {
  name: 100,
  email: 254,
  referringParty: 200,
  shortText: 2_000,
  longText: 5_000,
  exerciseName: 200,
  variation: 200,
  customNote: 1_000,
  frequency: 100,
  photoName: 255,
} as const
