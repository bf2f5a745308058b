/** After a sign-in with a recovery code: how many are left (docs/product/accounts.md). */
import { toast } from '../../components/ui/toast'
import { recoveryCodesLeft } from '@myodocs/shared/constants/two-step-messages'

export function announceRecoveryCodesLeft(result: { recoveryCodesRemaining?: number }) {
  const n = result.recoveryCodesRemaining
  if (n === undefined) return
  if (n <= 3) toast.warning(recoveryCodesLeft(n), { duration: 15_000 })
  else toast.info(recoveryCodesLeft(n), { duration: 10_000 })
}
