/**
 * Settings → Security (docs/product/accounts.md#two-step-sign-in): passkeys (named, last used,
 * removable), the authenticator app, recovery codes, and for the account holder the practice's
 * requirement. New recovery codes are shown once, here.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import type { TotpSetupResponse } from '@myodocs/shared/contracts/two-step'
import { PasskeyNameSchema } from '@myodocs/shared/contracts/two-step'
import {
  ADD_PASSKEY,
  AUTHENTICATOR_APP,
  AUTHENTICATOR_OFF,
  AUTHENTICATOR_ON,
  NO_PASSKEYS,
  PASSKEY_NAME_LABEL,
  PASSKEY_NAME_PLACEHOLDER,
  PASSKEY_NOT_VERIFIED,
  PASSKEYS_TITLE,
  PRACTICE_TWO_STEP_TITLE,
  RECOVERY_CODES_TITLE,
  REGENERATE_RECOVERY_CODES,
  REMOVE,
  REMOVE_AUTHENTICATOR,
  REQUIRE_TWO_STEP_HELP,
  REQUIRE_TWO_STEP_LABEL,
  SET_UP_AUTHENTICATOR,
  TWO_STEP_DESCRIPTION,
  TWO_STEP_REQUIRED_NOTICE,
  TWO_STEP_SAVED,
  TWO_STEP_TITLE,
  passkeyLastUsed,
  recoveryCodesRemaining,
} from '@myodocs/shared/constants/two-step-messages'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { TextField } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { SwitchField } from '../../../components/ui/switch'
import { failureText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format-date'
import { useAuth } from '../../sessions'
import { useBusinessSecurity, useSetBusinessSecurity } from '../api/business-security'
import {
  useRegenerateRecoveryCodes,
  useRegisterPasskey,
  useRemovePasskey,
  useRemoveTotp,
  useSetupTotp,
  useTwoStepStatus,
} from '../api/security'
import { RecoveryCodes } from './recovery-codes'
import { TotpSetup } from './totp-setup'

export function SecuritySettings({
  onEnrolled,
  heldBackNotice = true,
}: {
  onEnrolled?: () => void
  /** The enrolment page says it in its header already. */
  heldBackNotice?: boolean
}) {
  const status = useTwoStepStatus()
  const { user } = useAuth()
  const [codes, setCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const shown = (recoveryCodes: string[] | undefined) => {
    toast.success(TWO_STEP_SAVED)
    if (recoveryCodes) setCodes(recoveryCodes)
    else onEnrolled?.()
  }

  return (
    <div className="space-y-6">
      <SectionCard title={TWO_STEP_TITLE} description={TWO_STEP_DESCRIPTION}>
        <QueryState query={status} what="your two-step sign-in">
          {(s) => (
            <div className="space-y-6">
              {heldBackNotice && s.requiredByPractice && !s.totp && s.passkeys.length === 0 && (
                <Alert tone="warning">{TWO_STEP_REQUIRED_NOTICE}</Alert>
              )}
              <FormError message={error} />
              {codes ? (
                <RecoveryCodes
                  codes={codes}
                  onDone={() => {
                    setCodes(null)
                    onEnrolled?.()
                  }}
                />
              ) : (
                <>
                  <Passkeys passkeys={s.passkeys} onAdded={shown} onError={setError} />
                  <Authenticator enabled={s.totp} onConfirmed={shown} onError={setError} />
                  {(s.totp || s.passkeys.length > 0) && (
                    <RecoveryCodesRow remaining={s.recoveryCodesRemaining} onNew={setCodes} />
                  )}
                </>
              )}
            </div>
          )}
        </QueryState>
      </SectionCard>
      {user?.isPrimaryUser && <PracticeRequirement />}
    </div>
  )
}

function Passkeys({
  passkeys,
  onAdded,
  onError,
}: {
  passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>
  onAdded: (codes: string[] | undefined) => void
  onError: (message: string | null) => void
}) {
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const register = useRegisterPasskey()
  const remove = useRemovePasskey()

  const add = async () => {
    onError(null)
    setNameError(null)
    const parsed = PasskeyNameSchema.safeParse(name)
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message ?? null)
    try {
      const { recoveryCodes } = await register.mutateAsync(parsed.data)
      setName('')
      onAdded(recoveryCodes)
    } catch (err) {
      onError(failureText(err, PASSKEY_NOT_VERIFIED))
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="space-y-3">
      <h3 id="passkeys-title" className="text-sm font-semibold text-slate-900">
        {PASSKEYS_TITLE}
      </h3>
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">{NO_PASSKEYS}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {passkeys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div>
                <p className="text-sm font-medium text-slate-900">{k.name}</p>
                <p className="text-xs text-slate-500">
                  Added {formatDate(k.createdAt)} ·{' '}
                  {passkeyLastUsed(k.lastUsedAt ? formatDate(k.lastUsedAt) : null)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${REMOVE} ${k.name}`}
                pending={remove.isPending && remove.variables === k.id}
                onClick={() =>
                  void remove.mutateAsync(k.id).catch((err: unknown) => {
                    onError(failureText(err, GENERIC_ERROR))
                  })
                }
              >
                {REMOVE}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={PASSKEY_NAME_LABEL}
          value={name}
          placeholder={PASSKEY_NAME_PLACEHOLDER}
          onChange={(e) => setName(e.target.value)}
          error={nameError ?? undefined}
          className="min-w-56"
        />
        <Button type="button" onClick={() => void add()} pending={register.isPending}>
          {ADD_PASSKEY}
        </Button>
      </div>
    </section>
  )
}

function Authenticator({
  enabled,
  onConfirmed,
  onError,
}: {
  enabled: boolean
  onConfirmed: (codes: string[]) => void
  onError: (message: string | null) => void
}) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const start = useSetupTotp()
  const remove = useRemoveTotp()

  const begin = async () => {
    onError(null)
    try {
      setSetup(await start.mutateAsync())
    } catch (err) {
      onError(failureText(err, GENERIC_ERROR))
    }
  }

  return (
    <section aria-labelledby="totp-title" className="space-y-3">
      <div className="flex items-center gap-2">
        <h3 id="totp-title" className="text-sm font-semibold text-slate-900">
          {AUTHENTICATOR_APP}
        </h3>
        <Badge tone={enabled ? 'success' : 'neutral'}>
          {enabled ? AUTHENTICATOR_ON : AUTHENTICATOR_OFF}
        </Badge>
      </div>
      {setup ? (
        <TotpSetup
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(codes) => {
            setSetup(null)
            onConfirmed(codes)
          }}
        />
      ) : enabled ? (
        <Button variant="outline" onClick={() => setConfirmRemove(true)}>
          {REMOVE_AUTHENTICATOR}
        </Button>
      ) : (
        <Button variant="outline" onClick={() => void begin()} pending={start.isPending}>
          {SET_UP_AUTHENTICATOR}
        </Button>
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={REMOVE_AUTHENTICATOR}
        description="Codes from the app will no longer sign you in."
        confirmLabel={REMOVE}
        tone="danger"
        pending={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() =>
          void remove
            .mutateAsync()
            .catch((err: unknown) => onError(failureText(err, GENERIC_ERROR)))
            .finally(() => setConfirmRemove(false))
        }
      />
    </section>
  )
}

function RecoveryCodesRow({
  remaining,
  onNew,
}: {
  remaining: number
  onNew: (codes: string[]) => void
}) {
  const regenerate = useRegenerateRecoveryCodes()
  return (
    <section aria-labelledby="recovery-title" className="space-y-2">
      <h3 id="recovery-title" className="text-sm font-semibold text-slate-900">
        {RECOVERY_CODES_TITLE}
      </h3>
      <p className="text-sm text-slate-600">{recoveryCodesRemaining(remaining)}</p>
      <Button
        variant="outline"
        pending={regenerate.isPending}
        onClick={() => void regenerate.mutateAsync().then((r) => onNew(r.recoveryCodes))}
      >
        {REGENERATE_RECOVERY_CODES}
      </Button>
    </section>
  )
}

function PracticeRequirement() {
  const security = useBusinessSecurity()
  const save = useSetBusinessSecurity()
  return (
    <SectionCard title={PRACTICE_TWO_STEP_TITLE} description={REQUIRE_TWO_STEP_HELP}>
      <SwitchField
        label={REQUIRE_TWO_STEP_LABEL}
        checked={security.data?.requireTwoStep ?? false}
        disabled={!security.data || save.isPending}
        onCheckedChange={(requireTwoStep) =>
          void save
            .mutateAsync({ requireTwoStep })
            .catch((err: unknown) => toast.error(failureText(err, GENERIC_ERROR)))
        }
      />
    </SectionCard>
  )
}
