/**
 * The auth calls: login, register, me, logout, refresh, password policy, validation and
 * generation, invite-code validation, forgot and reset password, and the drafts key. The same
 * schemas validate the routes and the forms (the forms add what only they need, e.g. confirm).
 */
import { z } from 'zod'
import { text } from './text'
import {
  AGE_CONFIRMATION_REQUIRED,
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_MIN_6,
  PASSWORD_REQUIRED,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_INVALID,
  TERMS_ACCEPTANCE_REQUIRED,
  TERMS_ONLY_ACCEPTANCE_REQUIRED,
} from '../constants/messages'
import { BILLING_FREQUENCIES, PLAN_TYPES } from '../constants/plans'
import { SUBSCRIPTION_STATUSES } from '../domain/subscription'
import { PASSWORD_MAX_LENGTH } from '../domain/password-policy'
import { normalizeUsPhone } from '../domain/phone'

export const EMAIL_MAX_LENGTH = 254

/** A body that may be left out entirely (the server sees null): read as `{}`. */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema)

/** An email address: trimmed, lower-cased (accounts are unique case-insensitively). */
export const EmailSchema = text({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email(EMAIL_INVALID))
  .transform((e) => e.toLowerCase())

/** A password as typed: never trimmed (ASVS 6.2.8); the policy is checked by the service. */
export const NewPasswordSchema = text({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

/** A required US phone number, normalised to its 10 digits. */
export const UsPhoneSchema = text({ error: PHONE_INVALID })
  .trim()
  .refine((v) => normalizeUsPhone(v) !== null, PHONE_INVALID)
  .transform((v) => normalizeUsPhone(v)!)

/** An optional US phone number: empty means none. */
export const OptionalUsPhoneSchema = text()
  .trim()
  .max(32, PHONE_INVALID)
  .optional()
  .refine((v) => !v || normalizeUsPhone(v) !== null, PHONE_INVALID)
  .transform((v) => (v ? normalizeUsPhone(v)! : undefined))

// ---------------------------------------------------------------------------------------------
// The user

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  therapistTitle: z.string(),
  /** Formatted `(555) 123-4567`. */
  therapistPhone: z.string(),
  /** License or credential number, printed with the documents' electronic signature; or empty. */
  licenseNumber: z.string(),
  businessId: z.string(),
  /**
   * The practice's name, shown in the app and typed by members to confirm
   * deleting their account (they cannot read the business profile).
   */
  businessName: z.string(),
  isPrimaryUser: z.boolean(),
  createdAt: z.string(),
  subscription: z.object({
    monthlyPdfGenerated: z.number().int(),
    monthlyPdfLimit: z.number().int(),
  }),
  businessSubscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      planType: z.enum(PLAN_TYPES),
      trialEnd: z.string().nullable(),
    })
    .nullable(),
})
export type User = z.infer<typeof UserSchema>

/** `data` of login, register and me: `{ user }`. */
export const UserEnvelopeSchema = z.object({ user: UserSchema })

// ---------------------------------------------------------------------------------------------
// POST /auth/login

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: text({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .min(6, PASSWORD_MIN_6)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

// ---------------------------------------------------------------------------------------------
// POST /auth/logout

export const LOGOUT_REASONS = ['user', 'idle'] as const
/** `idle`: the browser's idle logoff (drafts are kept, encrypted); `user`: Sign Out. */
export const LogoutRequestSchema = optionalBody(
  z.object({ reason: z.enum(LOGOUT_REASONS).default('user') }),
)

/** A confirmation box that must be ticked (a boolean in the form, `true` on the wire). */
const mustBeTrue = (message: string) => z.boolean({ error: message }).refine((v) => v, { message })

// ---------------------------------------------------------------------------------------------
// POST /auth/register (plus the invite code and the confirmations)

export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  businessName: requiredText('Business name', 200),
  therapistTitle: text()
    .trim()
    .max(50, 'Title must be at most 50 characters')
    .optional()
    .default(''),
  therapistPhone: UsPhoneSchema,
  planType: z.enum(PLAN_TYPES).default('essential'),
  billingFrequency: z.enum(BILLING_FREQUENCIES).default('monthly'),
  referralCode: text().trim().max(32).optional(),
  inviteCode: text({ error: 'Invite code is required' })
    .trim()
    .min(1, 'Invite code is required')
    .max(64),
  /** Users must be at least 18. */
  ageConfirmed: mustBeTrue(AGE_CONFIRMATION_REQUIRED),
  acceptTerms: mustBeTrue(TERMS_ACCEPTANCE_REQUIRED),
  /** Always true. */
  acceptBAA: mustBeTrue(TERMS_ACCEPTANCE_REQUIRED),
})
export type RegisterRequest = z.input<typeof RegisterRequestSchema>

/** POST /auth/register/confirm: the token of the link registering emailed a new address. */
export const RegisterConfirmRequestSchema = z.object({
  token: text({ error: 'The sign-up link is incomplete' }).min(1).max(4096),
})

// ---------------------------------------------------------------------------------------------
// POST /auth/refresh

export const RefreshResponseSchema = z.object({ refreshed: z.literal(true) })

// ---------------------------------------------------------------------------------------------
// Passwords

export const PasswordPolicySchema = z.object({
  minLength: z.number().int(),
  requireUpperCase: z.boolean(),
  requireLowerCase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSpecialChars: z.boolean(),
  historyCount: z.number().int(),
  checkBreaches: z.boolean(),
  checkCommonPasswords: z.boolean(),
})
export const PasswordPolicyEnvelopeSchema = z.object({ policy: PasswordPolicySchema })

export const ValidatePasswordRequestSchema = z.object({
  password: text({ error: PASSWORD_REQUIRED }).max(
    PASSWORD_MAX_LENGTH,
    `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  ),
})

export const PasswordValidationSchema = z.object({
  isValid: z.boolean(),
  score: z.number().int().min(0).max(4),
  feedback: z.array(z.string()),
  requirements: z.object({
    minLength: z.boolean(),
    hasUpperCase: z.boolean(),
    hasLowerCase: z.boolean(),
    hasNumbers: z.boolean(),
    hasSpecialChars: z.boolean(),
    notCommon: z.boolean(),
    notBreached: z.boolean(),
    notInHistory: z.boolean(),
  }),
  /** How the breach check went: `unknown` when it is off or unreachable (then it does not block). */
  breachCheck: z.enum(['passed', 'breached', 'unknown']),
})
export const PasswordValidationEnvelopeSchema = z.object({ validation: PasswordValidationSchema })
export type PasswordValidationResult = z.infer<typeof PasswordValidationSchema>

export const GeneratePasswordRequestSchema = optionalBody(
  z.object({ length: z.number({ error: 'Length must be a number' }).optional() }),
)
export const GeneratedPasswordSchema = z.object({ password: z.string() })

// ---------------------------------------------------------------------------------------------
// POST /auth/validate-invite-code

export const ValidateInviteCodeRequestSchema = z.object({
  inviteCode: text({ error: 'Invite code is required' })
    .trim()
    .min(1, 'Invite code is required')
    .max(64, 'Invite code is too long'),
})
export const InviteCodeValidSchema = z.object({ valid: z.literal(true) })

// ---------------------------------------------------------------------------------------------
// Forgot and reset password

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema })

export const ResetPasswordRequestSchema = z.object({
  token: text({ error: 'The reset link is incomplete' }).min(1).max(200),
  newPassword: NewPasswordSchema,
})

/** POST /auth/reset-password/check: whether an emailed link can still be used. */
export const ResetTokenCheckRequestSchema = ResetPasswordRequestSchema.pick({ token: true })
export const ResetTokenValidSchema = z.object({ valid: z.literal(true) })

/** POST /auth/unlock: the token of the unlock link a paused sign-in emailed the owner. */
export const UnlockRequestSchema = z.object({
  token: text({ error: 'The unlock link is incomplete' }).min(1).max(200),
})

/** The reset form: the new password twice. */
export const ResetPasswordFormSchema = z
  .object({
    newPassword: NewPasswordSchema,
    confirmPassword: text({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })

/** Answers of forgot-password and reset-password: the message is what the spec reads. */
export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ message: z.string() }),
})

// ---------------------------------------------------------------------------------------------
// GET /auth/draft-key (browser drafts are encrypted under a per-user key)

export const DraftKeySchema = z.object({
  /** AES-GCM 256 raw key, base64url. */
  key: z.string(),
  /** Bumped on password reset and deactivation: drafts under an older key become unreadable. */
  version: z.number().int(),
  algorithm: z.literal('AES-GCM'),
})
export type DraftKey = z.infer<typeof DraftKeySchema>

/**
 * The register form: the request's fields the person types, the password twice, and the two
 * confirmations (the second covers the Terms; the BAA is signed in the app).
 */
export const RegisterFormSchema = RegisterRequestSchema.pick({
  email: true,
  password: true,
  firstName: true,
  lastName: true,
  businessName: true,
  therapistTitle: true,
  therapistPhone: true,
  ageConfirmed: true,
  acceptTerms: true,
})
  .extend({
    // The form's checkbox covers the Terms only: the BAA is signed in the app, with its text shown.
    acceptTerms: mustBeTrue(TERMS_ONLY_ACCEPTANCE_REQUIRED),
    confirmPassword: text({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })

// ---------------------------------------------------------------------------------------------
// PUT /auth/profile and POST /auth/change-password (settings, profile tab)

/** PUT /auth/profile: the person's own details. Answers `{ user }`. */
export const ProfileUpdateRequestSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  therapistTitle: text().trim().max(50, 'Title must be at most 50 characters').default(''),
  therapistPhone: UsPhoneSchema,
  /** Optional: empty clears it, left out keeps it (docs/product/accounts.md#profile). */
  licenseNumber: text()
    .trim()
    .max(50, 'License / credential number must be at most 50 characters')
    .optional(),
})
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect'

/**
 * POST /auth/change-password: the current password and the new one (policy and the last 5).
 * Other sessions of the user end; this one continues.
 */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: text({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  newPassword: NewPasswordSchema,
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>

/** The change-password form: the new password twice. */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: text({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ['confirmPassword'],
})
