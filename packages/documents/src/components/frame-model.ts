/**
 * The parts every document shares: letterhead (logo, business, therapist), running header, footer
 * with the confidentiality text and page numbers, watermark, generated date. Built once per
 * document from the context, then drawn by `<DocumentFrame>`.
 */
import type { DocumentContext } from '../context'
import { opaquePng } from './opaque-logo'
import { formatDate, formatGeneratedDate, fullName, therapistSignature } from '../format'
import { allowShapingCache } from '../shaping-cache'

/** The text of the watermark printed when `includeWatermark` is on. */
export const WATERMARK_TEXT = 'CONFIDENTIAL'

/** The confidentiality notice of every footer. */
export const CONFIDENTIALITY_NOTICE =
  'Confidential: contains protected health information. If you received this in error, please notify the sender and destroy all copies.'
// Fixed wording of every document's frame (document-frame.tsx): shaped once per process.
allowShapingCache(
  CONFIDENTIALITY_NOTICE,
  'Prepared by ',
  'Generated ',
  'Phone ',
  'Email ',
  'Fax ',
  ' · ',
)

/** A logo ready for react-pdf: its bytes with their format, and the printed size in points. */
export interface LogoModel {
  src: { data: Buffer; format: 'png' | 'jpg' }
  width: number
  height: number
}

/** Shared page furniture of one document. */
export interface FrameModel {
  /** The document's title, e.g. "Myofunctional Assessment Report". */
  title: string
  /** PDF metadata title: the document title only, never the patient's name. */
  metadataTitle: string
  business: {
    name: string
    addressLines: string[]
    /** Phone, email and fax as printed, only those set: `{ label: 'Fax', value: '…' }`. */
    contacts: { label: string; value: string }[]
    /** The phone alone, for texts that tell the family to call. */
    phone: string
    logo: LogoModel | null
  }
  /** "Jane Smith, COM"; empty when the therapist has no name. */
  therapist: string
  /** Shown in the running header of pages after the first. */
  patientName: string
  /** "DOB July 19, 2016": the second identifier on every page; empty when unknown. */
  patientDob: string
  generatedOn: string
  watermark: string | null
  confidentiality: string
}

const LOGO_MAX = { width: 150, height: 54 }

function logoModel(logo: DocumentContext['business']['logo']): LogoModel | null {
  if (!logo || logo.width <= 0 || logo.height <= 0) return null
  const format =
    logo.mimeType === 'image/png' ? 'png' : logo.mimeType === 'image/jpeg' ? 'jpg' : null
  if (!format) return null
  const bytes = Buffer.isBuffer(logo.data)
    ? logo.data
    : Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength)
  // The same bytes every time, so react-pdf's image cache (keyed by the bytes) stays warm.
  const data = format === 'png' ? opaquePng(bytes) : bytes
  const scale = Math.min(LOGO_MAX.width / logo.width, LOGO_MAX.height / logo.height, 1)
  return {
    src: { data, format },
    width: Math.round(logo.width * scale * 10) / 10,
    height: Math.round(logo.height * scale * 10) / 10,
  }
}

/** The frame of a document titled `title` for `patient`, from the context. */
export function frameModel(
  title: string,
  patient: { firstName: string; lastName: string; dob?: string },
  context: DocumentContext,
): FrameModel {
  const { business } = context
  const contacts = [
    { label: 'Phone', value: business.phone.trim() },
    { label: 'Email', value: business.email?.trim() ?? '' },
    { label: 'Fax', value: business.fax?.trim() ?? '' },
  ].filter((contact) => contact.value)
  return {
    title,
    metadataTitle: title,
    business: {
      name: business.name.trim(),
      addressLines: business.address
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      contacts,
      phone: business.phone.trim(),
      logo: logoModel(business.logo),
    },
    therapist: therapistSignature(context.therapist),
    patientName: fullName(patient.firstName, patient.lastName),
    patientDob: patient.dob?.trim() ? `DOB ${formatDate(patient.dob)}` : '',
    generatedOn: formatGeneratedDate(context),
    watermark: context.pdf.includeWatermark ? WATERMARK_TEXT : null,
    confidentiality: CONFIDENTIALITY_NOTICE,
  }
}
