/** Ten recovery codes, shown once (docs/product/accounts.md#two-step-sign-in). */
import {
  RECOVERY_CODES_SAVED,
  RECOVERY_CODES_SHOWN_ONCE,
  RECOVERY_CODES_TITLE,
} from '@myodocs/shared/constants/two-step-messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3" role="region" aria-label={RECOVERY_CODES_TITLE}>
      <Alert tone="warning" title={RECOVERY_CODES_TITLE}>
        {RECOVERY_CODES_SHOWN_ONCE}
      </Alert>
      <ol
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Button type="button" onClick={onDone}>
        {RECOVERY_CODES_SAVED}
      </Button>
    </div>
  )
}
