/**
 * The subscription limit modal. A document call that meets the plan's 403 announces it
 * (lib/app-events.ts); this shows TRIAL_EXPIRED as Subscription Required with Upgrade Now,
 * USAGE_LIMIT_EXCEEDED as Usage Limit Reached with Refresh Status, any other refusal
 * (UPGRADE_REQUIRED) as Subscription Error with Upgrade Now. Only the primary user sees Upgrade Now
 * (to the plan page); other members are told to contact their account administrator.
 */
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import { AlertTriangle, ArrowUpRight, RefreshCw } from 'lucide-react'
import {
  CONTACT_ADMINISTRATOR_MESSAGE,
  REFRESH_STATUS,
  SUBSCRIPTION_ERROR_TITLE,
  SUBSCRIPTION_REQUIRED_TITLE,
  TRIAL_EXPIRED,
  TRIAL_EXPIRED_MESSAGE,
  UPGRADE_NOW,
  USAGE_LIMIT_EXCEEDED,
  USAGE_LIMIT_MESSAGE,
  USAGE_LIMIT_TITLE,
} from '@myodocs/shared/contracts/subscription'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import {
  CAN_GENERATE_AGAIN,
  PDF_LIMIT_STILL_REACHED,
  pdfsGeneratedOf,
} from '@myodocs/shared/constants/plan-messages'
import { formatPdfLimit } from '@myodocs/shared/domain/subscription'
import { Button } from '../../../components/ui/button'
import { LazyDialog } from '../../../components/ui/lazy-dialog'
import { onSubscriptionLimit } from '../../../lib/app-events'
import type { SubscriptionLimitDetail } from '../../../lib/app-events'
import type { Subscription } from '@myodocs/shared/contracts/subscription'
import { subscriptionQuery } from '../api/get-subscription'
import { paths } from '../../../lib/paths'

function copy(code: string, message: string | undefined) {
  if (code === TRIAL_EXPIRED)
    return { title: SUBSCRIPTION_REQUIRED_TITLE, text: message || TRIAL_EXPIRED_MESSAGE }
  if (code === USAGE_LIMIT_EXCEEDED)
    return { title: USAGE_LIMIT_TITLE, text: message || USAGE_LIMIT_MESSAGE }
  return { title: SUBSCRIPTION_ERROR_TITLE, text: message || GENERIC_ERROR }
}

export function SubscriptionLimitModal({ isPrimaryUser }: { isPrimaryUser: boolean }) {
  const [detail, setDetail] = useState<SubscriptionLimitDetail | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [refreshing, setRefreshing] = useState(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // The sidebar's query: the modal reads the same count.
  const s = useQuery(subscriptionQuery).data

  // A plan that allows PDFs again (an upgrade raised the limit) closes the usage limit at once.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return
        if (event.query.queryHash !== hashKey(subscriptionQuery.queryKey)) return
        const data = event.query.state.data as Subscription | undefined
        if (data?.canGeneratePdf) setDetail((d) => (d?.code === USAGE_LIMIT_EXCEEDED ? null : d))
      }),
    [queryClient],
  )

  useEffect(
    () =>
      onSubscriptionLimit((d) => {
        setNote(null)
        setDetail(d)
        // The usage shown in the sidebar is out of date too.
        void queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey })
      }),
    [queryClient],
  )

  if (!detail) return null
  const { title, text } = copy(detail.code, detail.message)
  const close = () => setDetail(null)
  // Only a reached limit can lift by itself (a new month, an upgrade made elsewhere).
  const usageLimit = detail.code === USAGE_LIMIT_EXCEEDED
  const count =
    usageLimit && s
      ? pdfsGeneratedOf(s.monthlyPdfGenerated, formatPdfLimit(s.monthlyPdfLimit))
      : null

  const refresh = async () => {
    setRefreshing(true)
    try {
      // A fetch still in flight was asked before the click; fetchQuery would hand back its answer.
      await queryClient.cancelQueries({ queryKey: subscriptionQuery.queryKey, exact: true })
      const s = await queryClient.fetchQuery({ ...subscriptionQuery, staleTime: 0 })
      if (s.canGeneratePdf) {
        close()
        toast.success(CAN_GENERATE_AGAIN)
      } else {
        setNote(PDF_LIMIT_STILL_REACHED)
      }
    } catch (err) {
      setNote(err instanceof Error ? err.message : GENERIC_ERROR)
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <LazyDialog
      open
      onOpenChange={(open) => !open && close()}
      title={
        <span className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-amber-600" aria-hidden />
          {title}
        </span>
      }
      description={text}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          {usageLimit && (
            <Button
              variant={isPrimaryUser ? 'outline' : 'primary'}
              onClick={() => void refresh()}
              pending={refreshing}
            >
              {!refreshing && <RefreshCw className="size-4" aria-hidden />}
              {REFRESH_STATUS}
            </Button>
          )}
          {isPrimaryUser && (
            <Button
              autoFocus
              onClick={() => {
                close()
                void navigate(paths.billingSettings)
              }}
            >
              {UPGRADE_NOW}
              <ArrowUpRight className="size-4" aria-hidden />
            </Button>
          )}
        </>
      }
    >
      {(!isPrimaryUser || note || count) && (
        <div className="space-y-2 text-sm">
          {count && (
            <p className="text-slate-700" data-testid="limit-count">
              {count}
            </p>
          )}
          {!isPrimaryUser && <p className="text-slate-700">{CONTACT_ADMINISTRATOR_MESSAGE}</p>}
          {note && (
            <p role="status" className="font-medium text-slate-800">
              {note}
            </p>
          )}
        </div>
      )}
    </LazyDialog>
  )
}
