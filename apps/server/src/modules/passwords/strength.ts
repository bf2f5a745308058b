/**
 * The one check of every password: the shared rules (length, classes, common list), zxcvbn's 0–4
 * score, the breach check and the history of 5.
 */
import { Piscina } from 'piscina'
import {
  allRequirementsMet,
  checkPasswordRules,
  DEFAULT_PASSWORD_POLICY,
  loadCommonPasswords,
} from '@myodocs/shared/domain/password-policy'
import type { PasswordPolicy } from '@myodocs/shared/domain/password-policy'
import {
  BREACH_CHECK_UNAVAILABLE,
  PASSWORD_BREACHED,
  PASSWORD_IN_HISTORY,
} from '@myodocs/shared/constants/messages'
import type { PasswordValidationResult } from '@myodocs/shared/contracts/auth'
import { verifyPassword } from '../../lib/password-hashing'
import type { ServiceContext } from '../../lib/service-context'
import { checkBreached } from './breach-check'
import type { Strength, StrengthJob } from './strength-worker'

export type PasswordCheckOptions = {
  /** The user's recent password hashes (newest first); empty when there is no user yet. */
  history?: string[]
  /** Names and the email, so zxcvbn can mark passwords built from them as weak. */
  userInputs?: string[]
}

/** How long the strength thread outlives its last check: one form's pauses while typing. */
const STRENGTH_THREAD_IDLE_MS = 30_000

let pool: Piscina | undefined

/**
 * zxcvbn in a thread of its own, started on first use (building its dictionaries takes about
 * half a second) and ended when no password has been checked for half a minute, which gives its
 * memory back (docs/decisions/011-api-hot-path.md). From source the worker is TypeScript and runs
 * through lib/ts-worker-shim.mjs; from the bundle it is strength-worker.js.
 */
function strengthThread(): Piscina {
  const ts = import.meta.url.endsWith('.ts')
  pool ??= new Piscina({
    ...(ts
      ? {
          filename: new URL('../../lib/ts-worker-shim.mjs', import.meta.url).href,
          workerData: { tsWorker: new URL('./strength-worker.ts', import.meta.url).href },
        }
      : { filename: new URL('./strength-worker.js', import.meta.url).href }),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: STRENGTH_THREAD_IDLE_MS,
  })
  return pool
}

const checkStrength = (job: StrengthJob): Promise<Strength> => strengthThread().run(job)

/** The policy as the API reports it: breach checking only when it is configured. */
export function passwordPolicy(breachCheckUrl: string | undefined): PasswordPolicy {
  return { ...DEFAULT_PASSWORD_POLICY, checkBreaches: Boolean(breachCheckUrl) }
}

/** The full validation result, with how the breach check went. */
export async function validatePassword(
  ctx: ServiceContext,
  password: string,
  options: PasswordCheckOptions = {},
): Promise<PasswordValidationResult> {
  const commonList = await loadCommonPasswords()
  const { requirements, feedback } = checkPasswordRules(password, commonList)
  const strength = await checkStrength({ password, userInputs: options.userInputs ?? [] })

  // The breach and history checks cost a network call and argon2 work: skip them while the
  // cheap rules already fail (the meter updates as the user types).
  const cheapOk = allRequirementsMet(requirements)
  const breachCheck = cheapOk
    ? await checkBreached(password, {
        url: ctx.config.breachCheckUrl,
        timeoutMs: ctx.config.auth.breachCheckTimeoutMs,
        log: ctx.log,
      })
    : 'unknown'
  if (breachCheck === 'breached') {
    requirements.notBreached = false
    feedback.push(PASSWORD_BREACHED)
  } else if (breachCheck === 'unknown' && cheapOk && ctx.config.breachCheckUrl) {
    feedback.push(BREACH_CHECK_UNAVAILABLE)
  }

  if (cheapOk && options.history?.length) {
    for (const previous of options.history) {
      if (await verifyPassword(previous, password)) {
        requirements.notInHistory = false
        feedback.push(PASSWORD_IN_HISTORY)
        break
      }
    }
  }

  if (strength.warning) feedback.push(strength.warning)
  for (const s of strength.suggestions) if (!feedback.includes(s)) feedback.push(s)

  const isValid = allRequirementsMet(requirements)
  // A password failing the rules never shows as Strong, whatever zxcvbn makes of it.
  const score = isValid ? strength.score : Math.min(strength.score, 1)
  return { isValid, score, feedback, requirements, breachCheck }
}
