/** The operator's invite-code calls (POST and GET /admin/invite-codes). */
import { z } from 'zod'
import { text } from './text'
import { optionalBody } from './auth'

export const CreateInviteCodeRequestSchema = optionalBody(
  z.object({
    /** How many registrations the code allows [1]. */
    uses: z.number().int().min(1).max(10_000).optional(),
    /** Days until it expires; absent means it does not expire. */
    expiresInDays: z.number().int().min(1).max(3_650).optional(),
    note: text().trim().max(200).optional(),
  }),
)
export type CreateInviteCodeRequest = z.output<typeof CreateInviteCodeRequestSchema>

export const CreatedInviteCodeSchema = z.object({ code: z.string() })

export const InviteCodeSchema = z.object({
  code: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
})
export type InviteCodeInfo = z.infer<typeof InviteCodeSchema>
export const InviteCodeListSchema = z.object({ codes: z.array(InviteCodeSchema) })
