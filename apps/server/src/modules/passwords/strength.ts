/**
 * The one check of every password: the shared rules (length, classes, common list), zxcvbn's 0–4
 * score, the breach check and the history of 5.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
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

export type PasswordCheckOptions = {
  /** The user's recent password hashes (newest first); empty when there is no user yet. */
  history?: string[]
  /** Names and the email, so zxcvbn can mark passwords built from them as weak. */
  userInputs?: string[]
}

let factory: Promise<ZxcvbnFactory> | undefined

/**
 * zxcvbn with the common and English dictionaries, loaded and built once (~0.5 s) on first use
 * rather than at start-up. Default imports: the packages are CommonJS when Node loads them.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([zx, common, en]) =>
      new zx.default.ZxcvbnFactory({
        dictionary: { ...common.default.dictionary, ...en.default.dictionary },
        graphs: common.default.adjacencyGraphs,
        translations: en.default.translations,
      }),
  )
  return factory
}

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
  const strength = await (await zxcvbn()).checkAsync(password, options.userInputs ?? [])

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

  if (strength.feedback.warning) feedback.push(strength.feedback.warning)
  for (const s of strength.feedback.suggestions) if (!feedback.includes(s)) feedback.push(s)

  const isValid = allRequirementsMet(requirements)
  // A password failing the rules never shows as Strong, whatever zxcvbn makes of it.
  const score = isValid ? strength.score : Math.min(strength.score, 1)
  return { isValid, score, feedback, requirements, breachCheck }
}
