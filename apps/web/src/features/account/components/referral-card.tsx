/**
 * Refer a colleague (docs/product/accounts.md#referral: a referral link from a current subscriber gives one extra
 * free month): the business's link to /invite-code?ref=CODE with a copy button, and how many
 * practices used it. Primary user only.
 */
import { useState } from 'react'
import { Check, Copy, Gift } from 'lucide-react'
import {
  LOADING_REFERRAL_LINK,
  REFERRAL_COPY_BLOCKED,
  REFERRAL_LINK_COPIED,
  referralsUsedText,
} from '@myodocs/shared/constants/settings-messages'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { useAccountReferral } from '../api/get-account-referral'

export function ReferralCard() {
  const referral = useAccountReferral()
  const [copied, setCopied] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  if (referral.isPending) return <Spinner label={LOADING_REFERRAL_LINK} />
  if (referral.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {referral.error.message}
      </p>
    )
  }
  const { link, referralsUsed } = referral.data
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      setCopyFailed(false)
      setTimeout(() => setCopied(false), 2_000)
    } catch {
      setCopyFailed(true)
    }
  }
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Gift className="size-5" aria-hidden />
        </div>
        <p className="text-sm text-slate-600">
          Share your link with a colleague: they get an extra free month on their trial.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="referral-link" className="sr-only">
          Your referral link
        </label>
        <input
          id="referral-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="sr-only" role="status">
        {copied ? REFERRAL_LINK_COPIED : ''}
      </p>
      {copyFailed && <p className="text-sm text-slate-600">{REFERRAL_COPY_BLOCKED}</p>}
      <p className="text-sm text-slate-700" data-testid="referrals-used">
        {referralsUsedText(referralsUsed)}
      </p>
    </div>
  )
}
