/** A practice's demonstration video link, for Settings › Exercise videos and custom exercises. */
import { z } from 'zod'
import { hasControlCharacters, TEXT_CONTROL_CHARACTERS } from './text'

/** An https link only: the prescription prints it as a QR code for the family. */
export const DemoVideoUrlSchema = z
  .url({ error: 'Enter a full link starting with https://' })
  .max(2_000, 'The link is too long')
  .refine((u) => u.startsWith('https://'), { error: 'Only https:// links are allowed' })
  .refine((u) => !hasControlCharacters(u), TEXT_CONTROL_CHARACTERS)
