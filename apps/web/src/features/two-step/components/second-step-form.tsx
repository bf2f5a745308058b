/**
 * The second step of a sign-in (docs/product/accounts.md#two-step-sign-in): a code from the
 * authenticator app, a recovery code, or a passkey, as the account allows. Shown by the sign-in
 * page, the password reset and the invitation after their password step answered `mfaRequired`.
 */
import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import type { SecondStepMethod } from '@myodocs/shared/contracts/two-step'
import { RecoveryCodeSchema, TotpCodeSchema } from '@myodocs/shared/contracts/two-step'
import {
  PASSKEY_NOT_VERIFIED,
  SECOND_STEP_CODE_LABEL,
  SECOND_STEP_INTRO,
  SECOND_STEP_RECOVERY_LABEL,
  USE_AUTHENTICATOR_CODE,
  USE_PASSKEY,
  USE_RECOVERY_CODE,
  VERIFY,
} from '@myodocs/shared/constants/two-step-messages'
import { LOGIN_FAILED_RETRY } from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form'
import { failureText } from '../../../lib/api-client'
import { signInWithPasskey, verifySecondStep } from '../api/second-step'
import type { SignedIn } from '../api/second-step'

type Mode = 'totp' | 'recovery'

export function SecondStepForm({
  methods,
  onSignedIn,
}: {
  methods: SecondStepMethod[]
  onSignedIn: (result: SignedIn) => void | Promise<void>
}) {
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'recovery')
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const hasCodes = methods.includes('totp') || methods.includes('recovery')

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setFieldError(null)
    setFormError(null)
    const parsed = (mode === 'totp' ? TotpCodeSchema : RecoveryCodeSchema).safeParse(value)
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? null)
    setPending(true)
    try {
      const body = mode === 'totp' ? { code: parsed.data } : { recoveryCode: parsed.data }
      await onSignedIn(await verifySecondStep(body))
    } catch (err) {
      setFormError(failureText(err, LOGIN_FAILED_RETRY))
    } finally {
      setPending(false)
    }
  }

  const passkey = async () => {
    setFormError(null)
    setPending(true)
    try {
      await onSignedIn(await signInWithPasskey())
    } catch (err) {
      setFormError(failureText(err, PASSKEY_NOT_VERIFIED))
    } finally {
      setPending(false)
    }
  }

  const switchTo = (next: Mode) => {
    setMode(next)
    setValue('')
    setFieldError(null)
  }

  return (
    <div className="space-y-5">
      <FormError message={formError} />
      {methods.includes('passkey') && (
        <Button
          type="button"
          size="lg"
          className="w-full"
          onClick={() => void passkey()}
          pending={pending}
        >
          <KeyRound className="size-4" aria-hidden />
          {USE_PASSKEY}
        </Button>
      )}
      {hasCodes && (
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          {mode === 'totp' && <p className="text-sm text-slate-600">{SECOND_STEP_INTRO}</p>}
          <TextField
            key={mode}
            label={mode === 'totp' ? SECOND_STEP_CODE_LABEL : SECOND_STEP_RECOVERY_LABEL}
            autoComplete="one-time-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoFocus={!methods.includes('passkey')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError ?? undefined}
          />
          <Button
            type="submit"
            size="lg"
            variant={methods.includes('passkey') ? 'secondary' : 'primary'}
            className="w-full"
            pending={pending}
          >
            {VERIFY}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            {mode === 'totp' && methods.includes('recovery') && (
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => switchTo('recovery')}
              >
                {USE_RECOVERY_CODE}
              </button>
            )}
            {mode === 'recovery' && methods.includes('totp') && (
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => switchTo('totp')}
              >
                {USE_AUTHENTICATOR_CODE}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  )
}
