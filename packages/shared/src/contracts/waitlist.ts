/** POST /waitlist and the operator's view of it. */
import { z } from 'zod'
import { text } from './text'
import { EmailSchema, OptionalUsPhoneSchema } from './auth'

export const JoinWaitlistRequestSchema = z.object({
  name: text({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  businessName: text()
    .trim()
    .max(200, 'Business name must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  email: EmailSchema,
  phoneNumber: OptionalUsPhoneSchema,
})
export type JoinWaitlistRequest = z.input<typeof JoinWaitlistRequestSchema>

/** The answer: `success` and `message`, the message repeated in `data`. */
export const JoinWaitlistResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ message: z.string() }),
})

/** GET /admin/waitlist: one entry as the operator sees it. */
export const WaitlistEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  invitedAt: z.string().nullable(),
})
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>
export const WaitlistListSchema = z.object({ entries: z.array(WaitlistEntrySchema) })

/** POST /admin/waitlist/{id}/invite: the one-use code created and emailed. */
export const WaitlistInviteResultSchema = z.object({ code: z.string(), email: z.string() })
