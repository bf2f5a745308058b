/**
 * What a document needs besides the request: who issues it (business, therapist), the
 * business's PDF preferences and demo-video links, and the moment it is generated. The server
 * loads these from its database; the request carries only the patient's session.
 */
import type { PdfPreferences } from '@myodocs/shared/contracts/settings'

/** The business logo as stored (the server re-encodes uploads to PNG). */
export interface DocumentLogo {
  data: Buffer | Uint8Array
  /** Pixel size, used for the printed aspect ratio. */
  width: number
  height: number
  /** `image/png` or `image/jpeg`; any other type is left out of the letterhead. */
  mimeType: string
}

/** Everything a renderer needs that is not patient data. */
export interface DocumentContext {
  business: {
    name: string
    address: string
    phone: string
    /** Printed in the letterhead when set. */
    email?: string
    /** Printed in the letterhead when set. */
    fax?: string
    logo?: DocumentLogo | null
  }
  therapist: {
    firstName: string
    lastName: string
    title: string
    /** License or credential number, printed with the electronic signature when set. */
    licenseNumber?: string
  }
  /** The business's PDF preferences; only `includeWatermark` affects the bytes. */
  pdf: Pick<PdfPreferences, 'includeWatermark'>
  /** The therapist's demo-video links by exercise id (https only, see ExerciseVideoSettings). */
  videoLinks?: Readonly<Record<string, string>>
  /**
   * The patient's companion link for an exercise prescription (`PUBLIC_URL/companion/#…`, built by
   * the server's companion module), with what was left out of it to fit its QR code; absent or
   * null prints no companion block.
   */
  companion?: { url: string; left: readonly ('videos' | 'notes')[] } | null
  /** When the document is generated (printed as the generated date). */
  now: Date
  /** IANA time zone for the generated date; default: the process's. */
  timeZone?: string
}
