/**
 * Two-step sign-in (docs/product/accounts.md#two-step-sign-in): authenticator-app codes (TOTP),
 * recovery codes, passkeys (WebAuthn) and the practice's requirement. The same schemas validate the
 * routes and the forms.
 */
import { z } from 'zod'
import { text } from './text'
import { UserSchema } from './auth'
import {
  PASSKEY_NAME_REQUIRED,
  RECOVERY_CODE_REQUIRED,
  TWO_STEP_CODE_INVALID_FORMAT,
  TWO_STEP_CODE_REQUIRED,
} from '../constants/two-step-messages'

/** How a second step can be taken; the login answer lists those the account has. */
export const SECOND_STEP_METHODS = ['totp', 'passkey', 'recovery'] as const
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number]

/** Recovery codes handed out at enrolment and on regeneration. */
export const RECOVERY_CODE_COUNT = 10
/** Characters of a recovery code (the invite-code alphabet: no look-alikes), shown as two halves. */
export const RECOVERY_CODE_LENGTH = 10
/** A pending second step lasts this long after the password step. */
export const SECOND_STEP_TTL_MS = 5 * 60_000

/** A six-digit authenticator code; spaces people type between the halves are dropped. */
export const TotpCodeSchema = text({ error: TWO_STEP_CODE_REQUIRED })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_STEP_CODE_REQUIRED)
      .regex(/^\d{6}$/, TWO_STEP_CODE_INVALID_FORMAT),
  )

/** A recovery code as typed: upper-cased, spaces and dashes dropped (checked by the server). */
export const RecoveryCodeSchema = text({ error: RECOVERY_CODE_REQUIRED })
  .max(64, RECOVERY_CODE_REQUIRED)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, RECOVERY_CODE_REQUIRED))

/** The answer of a password step (login, reset, invitation) when a second step is needed. */
export const MfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
})

/**
 * A completed sign-in. `twoStepEnrolmentRequired`: the practice requires two-step sign-in and this
 * user has none yet; every call but enrolment answers 403 TWO_STEP_REQUIRED until they enrol.
 */
export const SignedInSchema = z.object({
  user: UserSchema,
  twoStepEnrolmentRequired: z.boolean().optional(),
})

/** What a password step answers: signed in, or a second step to take. */
export const SignInResultSchema = z.union([SignedInSchema, MfaRequiredSchema])
export type SignInResult = z.infer<typeof SignInResultSchema>

/** POST /auth/reset-password's answer: the message, and signed in or a second step to take. */
export const ResetPasswordAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.union([
    SignedInSchema.extend({ message: z.string() }),
    MfaRequiredSchema.extend({ message: z.string() }),
  ]),
})

// ---------------------------------------------------------------------------------------------
// POST /auth/mfa/verify

export const MfaVerifyRequestSchema = z.union([
  z.object({ code: TotpCodeSchema }).strict(),
  z.object({ recoveryCode: RecoveryCodeSchema }).strict(),
])
export type MfaVerifyRequest = z.infer<typeof MfaVerifyRequestSchema>

export const MfaVerifyResponseSchema = SignedInSchema.extend({
  /** After a sign-in with a recovery code: how many unused ones remain. */
  recoveryCodesRemaining: z.number().int().min(0).optional(),
})

// ---------------------------------------------------------------------------------------------
// Authenticator app

export const TotpSetupResponseSchema = z.object({
  /** The base32 key for manual entry. */
  secret: z.string(),
  /** `otpauth://totp/…` for the QR code. */
  otpauthUrl: z.string(),
})
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>

export const TotpConfirmRequestSchema = z.object({ code: TotpCodeSchema })

export const RecoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
})
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>

// ---------------------------------------------------------------------------------------------
// Status (Settings → Security)

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type Passkey = z.infer<typeof PasskeySchema>

export const TwoStepStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(PasskeySchema),
  recoveryCodesRemaining: z.number().int().min(0),
  /** The practice requires two-step sign-in of every member. */
  requiredByPractice: z.boolean(),
})
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>

/**
 * The account export's two-step part: what is kept about the user's second steps, never a key, a
 * code, a hash or a public key.
 */
export const TwoStepExportSchema = z.object({
  authenticatorApp: z
    .object({ setUpAt: z.string(), confirmedAt: z.string().nullable() })
    .nullable(),
  passkeys: z.array(
    z.object({
      name: z.string(),
      transports: z.array(z.string()),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  recoveryCodes: z.object({
    issuedAt: z.string().nullable(),
    unused: z.number().int().min(0),
    used: z.number().int().min(0),
  }),
  requiredByPractice: z.boolean(),
})
export type TwoStepExport = z.infer<typeof TwoStepExportSchema>

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn): the options and responses are the browser library's JSON shapes.

export const PASSKEY_NAME_MAX = 60

export const PasskeyNameSchema = text({ error: PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`)

/** A WebAuthn JSON object (options or a credential), checked field by field by the server. */
const WebAuthnJsonSchema = z.record(z.string(), z.unknown())

export const PasskeyOptionsResponseSchema = z.object({ options: WebAuthnJsonSchema })

export const PasskeyRegistrationVerifyRequestSchema = z.object({
  name: PasskeyNameSchema.optional(),
  response: WebAuthnJsonSchema,
})

export const PasskeyAuthenticationVerifyRequestSchema = z.object({
  response: WebAuthnJsonSchema,
})

export const PasskeyIdParamsSchema = z.object({ id: z.uuid() })

export const PasskeyListResponseSchema = z.object({ passkeys: z.array(PasskeySchema) })

// ---------------------------------------------------------------------------------------------
// The practice's requirement

export const BusinessSecurityRequestSchema = z.object({ requireTwoStep: z.boolean() })
export const BusinessSecuritySchema = z.object({ requireTwoStep: z.boolean() })
export type BusinessSecurity = z.infer<typeof BusinessSecuritySchema>
