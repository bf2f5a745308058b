/**
 * The Send dialog's From: the accounts to send from (one needing reconnecting listed but not
 * selectable, with the way to Settings → Email), and the warning about free mailboxes.
 */
import { Link } from 'react-router'
import type { UseFormRegisterReturn } from 'react-hook-form'
import {
  OPEN_EMAIL_SETTINGS,
  SENDING_ACCOUNT_LABEL,
} from '@myodocs/shared/constants/mailbox-messages'
import { oauthReconnectMessage } from '@myodocs/shared/constants/oauth-messages'
import { SelectField } from '../../../components/ui/field'
import { paths } from '../../../lib/paths'
import { FreeMailboxWarning } from './free-mailbox-warning'
import type { SendingChoice } from './send-dialog'

/** The account a Send dialog starts with: the default of the preferred provider, else any default. */
export function initialAccountOf(accounts: SendingChoice[], preferredProvider: string | null) {
  const usable = accounts.filter((a) => !a.disabled)
  const preferred = usable.filter((a) => a.provider === preferredProvider)
  return (
    preferred.find((a) => a.isDefault) ??
    preferred[0] ??
    usable.find((a) => a.isDefault) ??
    usable[0]!
  )
}

export function SendingAccountField({
  accounts,
  registration,
  error,
  fromAddress,
}: {
  accounts: SendingChoice[]
  registration: UseFormRegisterReturn
  error: string | undefined
  /** The chosen account's address. */
  fromAddress: string
}) {
  return (
    <>
      <SelectField label={SENDING_ACCOUNT_LABEL} error={error} {...registration}>
        {accounts.map((a) => (
          <option key={a.key} value={a.key} disabled={a.disabled}>
            {a.label}
          </option>
        ))}
      </SelectField>
      {accounts
        .filter((a) => a.disabled)
        .map((a) => (
          <p
            key={a.key}
            className="-mt-3 text-sm text-amber-800"
            data-testid="send-needs-reconnect"
          >
            {a.provider !== 'smtp' && oauthReconnectMessage(a.provider)}{' '}
            <Link
              to={paths.settingsTab('email')}
              className="font-medium underline underline-offset-2"
            >
              {OPEN_EMAIL_SETTINGS}
            </Link>
          </p>
        ))}
      <FreeMailboxWarning address={fromAddress} />
    </>
  )
}
