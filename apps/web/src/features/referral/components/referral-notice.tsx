/**
 * The referral as the sign-up pages show it (docs/product/accounts.md#referral): who referred the
 * visitor and the longer trial, or why the code cannot be used with a way to go on without it.
 */
import { Gift } from 'lucide-react'
import {
  CONTINUE_WITHOUT_REFERRAL,
  INVALID_REFERRAL_CODE,
  REFERRAL_APPLIED,
  REFERRAL_VALIDATION_FAILED,
} from '@myodocs/shared/constants/messages'
import { TRIAL_DAYS } from '@myodocs/shared/constants/plans'
import { REFERRED_TRIAL_DAYS } from '@myodocs/shared/contracts/referral'
import { Notice } from '../../../components/ui/auth-card'
import { ApiError } from '../../../lib/api-client'
import { useReferral } from '../api/validate-referral'

/** The trial length the visitor is promised: longer once the referral is validated. */
export function useTrialDays(code: string | null): number {
  const referral = useReferral(code)
  return code && referral.isSuccess ? REFERRED_TRIAL_DAYS : TRIAL_DAYS
}

export function ReferralNotice({
  code,
  onDismiss,
}: {
  code: string | null
  /** Forgets the code (URL and session), so the visitor needs no URL editing. */
  onDismiss: () => void
}) {
  const referral = useReferral(code)
  if (!code) return null
  if (referral.isSuccess) {
    return (
      <Notice
        tone="success"
        title={REFERRAL_APPLIED}
        icon={<Gift className="size-4" aria-hidden />}
      >
        Referred by <strong>{referral.data.referringBusiness.name}</strong>.{' '}
        {referral.data.bonusMessage}
      </Notice>
    )
  }
  if (!referral.isError) return null
  return (
    <Notice tone="warning">
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {referral.error instanceof ApiError && referral.error.status === 404
          ? INVALID_REFERRAL_CODE
          : REFERRAL_VALIDATION_FAILED}
        <button
          type="button"
          className="inline-flex min-h-11 items-center font-semibold text-amber-900 underline underline-offset-2 sm:min-h-6"
          onClick={onDismiss}
        >
          {CONTINUE_WITHOUT_REFERRAL}
        </button>
      </span>
    </Notice>
  )
}
