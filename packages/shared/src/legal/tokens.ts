/**
 * Legal texts name the support address through a token, so the address comes from the server's
 * SUPPORT_EMAIL (served by GET /api/config) rather than being written into the text.
 */
import type { LegalDocument } from '../contracts/legal'

export const SUPPORT_EMAIL_TOKEN = '{supportEmail}'

const fill = (text: string, supportEmail: string) =>
  text.replaceAll(SUPPORT_EMAIL_TOKEN, supportEmail)

/** The document with every token replaced; the input is not changed. */
export function fillLegalTokens(doc: LegalDocument, supportEmail: string): LegalDocument {
  return {
    ...doc,
    summary: fill(doc.summary, supportEmail),
    sections: doc.sections.map((section) => ({
      heading: fill(section.heading, supportEmail),
      blocks: section.blocks.map((block) =>
        block.type === 'ul' || block.type === 'ol'
          ? { ...block, items: block.items.map((item) => fill(item, supportEmail)) }
          : { ...block, text: fill(block.text, supportEmail) },
      ),
    })),
  }
}
