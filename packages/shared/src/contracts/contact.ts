/** POST /api/contact. */
import { z } from 'zod'
import { multilineText, text } from './text'

/** Limits are ours: the spec only says all four are required. */
export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5_000 } as const

const required = (label: string, max: number, builder = text) =>
  builder({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const ContactRequestSchema = z.object({
  name: required('Name', CONTACT_LIMITS.name),
  email: text({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email('Email is invalid')),
  subject: required('Subject', CONTACT_LIMITS.subject),
  message: required('Message', CONTACT_LIMITS.message, multilineText),
})
export type ContactRequest = z.infer<typeof ContactRequestSchema>
