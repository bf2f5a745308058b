/**
 * Reading a practice summary brought back from the patient's companion
 * (docs/product/companion.md#back-to-the-therapist): the file is read here in the browser and only
 * its program id, digest and MAC go to the server to check.
 */
import type { HomePractice } from '@myodocs/shared/contracts/companion'
import {
  PRACTICE_SUMMARY_CHECK_FAILED,
  PRACTICE_SUMMARY_EDITED,
  PRACTICE_SUMMARY_OTHER_PRACTICE,
  PRACTICE_SUMMARY_UNREADABLE,
} from '@myodocs/shared/constants/companion-messages'
import {
  homePracticeOf,
  readSummaryFile,
  summaryDigest,
} from '@myodocs/shared/domain/practice-summary'
import { verifyPracticeSummary } from './api/verify-practice-summary'

/** The checked home practice and the patient's first name, or the message that says why not. */
export type BroughtPractice =
  { ok: true; practice: HomePractice; firstName: string } | { ok: false; message: string }

/** Reads and checks the text of a practice summary file. */
export async function readPracticeSummary(text: string): Promise<BroughtPractice> {
  const read = readSummaryFile(text)
  if (!read) return { ok: false, message: PRACTICE_SUMMARY_UNREADABLE }
  const { envelope, summary } = read
  let verdict
  try {
    verdict = await verifyPracticeSummary({
      programId: summary.programId,
      digest: await summaryDigest(envelope.payload),
      mac: envelope.mac,
    })
  } catch {
    return { ok: false, message: PRACTICE_SUMMARY_CHECK_FAILED }
  }
  if (!verdict.thisBusiness) return { ok: false, message: PRACTICE_SUMMARY_OTHER_PRACTICE }
  if (!verdict.unchanged) return { ok: false, message: PRACTICE_SUMMARY_EDITED }
  return { ok: true, practice: homePracticeOf(summary), firstName: summary.firstName }
}
