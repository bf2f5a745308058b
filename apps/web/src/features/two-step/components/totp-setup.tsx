/**
 * Setting up an authenticator app: the QR code of the otpauth:// address (drawn in the browser
 * with `qrcode`, so the key never leaves this page in an image request) and the key to type by
 * hand, then a first code to confirm; answers the recovery codes.
 */
import { useEffect, useState } from 'react'
import QRCode from 'qrcode'
import { TotpCodeSchema } from '@myodocs/shared/contracts/two-step'
import type { TotpSetupResponse } from '@myodocs/shared/contracts/two-step'
import {
  CONFIRM,
  CONFIRM_WITH_CODE,
  MANUAL_KEY,
  SCAN_QR,
  SECOND_STEP_CODE_LABEL,
} from '@myodocs/shared/constants/two-step-messages'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form'
import { failureText } from '../../../lib/api-client'
import { useConfirmTotp } from '../api/security'

export function TotpSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetupResponse
  onConfirmed: (recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const [qr, setQr] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const confirm = useConfirmTotp()

  useEffect(() => {
    let live = true
    void QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 192 }).then((url) => {
      if (live) setQr(url)
    })
    return () => {
      live = false
    }
  }, [setup.otpauthUrl])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    setFormError(null)
    const parsed = TotpCodeSchema.safeParse(code)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
    try {
      const { recoveryCodes } = await confirm.mutateAsync(parsed.data)
      onConfirmed(recoveryCodes)
    } catch (err) {
      setFormError(failureText(err, GENERIC_ERROR))
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm text-slate-700">{SCAN_QR}</p>
      <div className="flex flex-wrap items-center gap-6">
        {qr && (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded-md border border-slate-200"
          />
        )}
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-800">{MANUAL_KEY}</p>
          {/* In groups of four, as the apps show keys: easier to read out and type by hand. */}
          <code
            className="block max-w-[19rem] font-mono text-base tracking-wide text-slate-900"
            data-testid="totp-key"
          >
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </div>
      </div>
      <p className="text-sm text-slate-700">{CONFIRM_WITH_CODE}</p>
      <FormError message={formError} />
      <TextField
        label={SECOND_STEP_CODE_LABEL}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
        className="sm:max-w-xs"
      />
      <div className="flex gap-2">
        <Button type="submit" pending={confirm.isPending}>
          {CONFIRM}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
