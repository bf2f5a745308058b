/**
 * The session file as a PDF attachment (docs/decisions/015-session-file.md): added to the
 * rendered bytes with pdf-lib's `attach` on the server, read back from a PDF in the browser, which
 * never uploads the PDF. Only pdf-lib here, so the browser can load this module without the
 * renderer.
 */
import {
  AFRelationship,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib'
import { SESSION_FILE_NAME } from '@myodocs/shared/contracts/session-file'

/** `pdf` with `json` attached as `myodocs-session.json`; the document's own metadata is kept. */
export async function attachSessionFile(
  pdf: Uint8Array,
  json: string,
  now: Date,
): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false })
  await document.attach(new TextEncoder().encode(json), SESSION_FILE_NAME, {
    mimeType: 'application/json',
    description: 'MyoDocs session data: what this document prints, to start the next visit',
    creationDate: now,
    modificationDate: now,
    afRelationship: AFRelationship.Data,
  })
  return document.save({ updateFieldAppearances: false })
}

const text = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined

/**
 * The text of the PDF's `myodocs-session.json` attachment, or `null` when it has none (or is not
 * a PDF pdf-lib can read). pdf-lib writes attachments but has no reader, so this walks the
 * catalog's EmbeddedFiles name tree (one level of Kids is enough for what pdf-lib writes).
 */
export async function readSessionFile(pdf: Uint8Array | ArrayBuffer): Promise<string | null> {
  let document: PDFDocument
  try {
    document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true })
  } catch {
    return null
  }
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
  if (!tree) return null
  const leaves = [tree, ...(tree.lookupMaybe(PDFName.of('Kids'), PDFArray)?.asArray() ?? [])]
  for (const leaf of leaves) {
    const node = leaf instanceof PDFDict ? leaf : document.context.lookup(leaf)
    if (!(node instanceof PDFDict)) continue
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray)
    if (!pairs) continue
    for (let i = 0; i + 1 < pairs.size(); i += 2) {
      if (text(pairs.lookup(i)) !== SESSION_FILE_NAME) continue
      const spec = pairs.lookup(i + 1)
      const ef = spec instanceof PDFDict ? spec.lookupMaybe(PDFName.of('EF'), PDFDict) : undefined
      const stream = ef?.lookup(PDFName.of('F'))
      if (!(stream instanceof PDFRawStream)) return null
      return new TextDecoder().decode(decodePDFRawStream(stream).decode())
    }
  }
  return null
}
