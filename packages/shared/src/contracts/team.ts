/**
 * Team calls: the members and pending invitations of a business (primary user), and the
 * invitation link a new member accepts. Rules: docs/product/team.md.
 */
import { z } from 'zod'
import { text } from './text'
import { PASSWORDS_DO_NOT_MATCH } from '../constants/messages'
import { INVITATION_PASSWORD_MIN_8 } from '../constants/team-messages'
import { EmailSchema, NewPasswordSchema, OptionalUsPhoneSchema } from './auth'

const name = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)

/** A member of the business as GET /team answers it. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  therapistTitle: z.string(),
  isActive: z.boolean(),
  isPrimaryUser: z.boolean(),
  /** The start of the member's newest session, or null when they never signed in. */
  lastSignInAt: z.string().nullable(),
  /** PDFs the member generated this calendar month (UTC). */
  pdfsThisMonth: z.number().int(),
  /** Whether the member signs in with a second step (a passkey or an authenticator app). */
  twoStep: z.boolean(),
  createdAt: z.string(),
})
export type TeamMember = z.infer<typeof TeamMemberSchema>

/** A pending (not yet accepted) invitation; an expired one stays listed until resent or deleted. */
export const TeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
})
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>

/** GET /team → data. `seats`: what the plan allows and what is taken. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(TeamInvitationSchema),
  seats: z.object({
    /** Active members plus unexpired pending invitations. */
    used: z.number().int(),
    /** The plan's team member limit, the account holder counted. */
    limit: z.number().int(),
    /** USD per month for each member beyond the limit; null where extra members are not offered. */
    additionalMemberPrice: z.number().nullable(),
  }),
})
export type Team = z.infer<typeof TeamSchema>

/** POST /team/invite. */
export const InviteMemberRequestSchema = z.object({
  email: EmailSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
})
export type InviteMemberRequest = z.input<typeof InviteMemberRequestSchema>

export const TeamIdParamsSchema = z.object({ id: z.uuid() })
export const InviteTokenParamsSchema = z.object({ token: text().min(1).max(200) })

/** GET /invite/{token} → data. */
export const InvitationDetailsSchema = z.object({
  invitation: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    expiresAt: z.string(),
  }),
  business: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }),
  /** The address already has an account of this business (deactivated): acceptance reactivates it. */
  userExists: z.boolean(),
  /** That account's title and phone, so reactivating keeps them unless changed; null for a new account. */
  existingAccount: z.object({ therapistTitle: z.string(), therapistPhone: z.string() }).nullable(),
})
export type InvitationDetails = z.infer<typeof InvitationDetailsSchema>

/** POST /invite/{token}/accept: the server applies the full password policy. */
export const AcceptInvitationRequestSchema = z.object({
  password: NewPasswordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  therapistTitle: text()
    .trim()
    .max(50, 'Title must be at most 50 characters')
    .optional()
    .default(''),
  therapistPhone: OptionalUsPhoneSchema,
})
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequestSchema>

/** The invitation form: the rules shown in the browser before the server's policy. */
export const InvitationFormSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    therapistTitle: text().trim().max(50, 'Title must be at most 50 characters'),
    therapistPhone: OptionalUsPhoneSchema,
    password: NewPasswordSchema.refine((v) => v.length >= 8, INVITATION_PASSWORD_MIN_8),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
