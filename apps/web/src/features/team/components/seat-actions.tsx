/**
 * The seats a plan sells beyond its own (docs/product/plans.md#team-seats), on the Team tab: a
 * full team is told so and offered a seat where Stripe can add one (Premium has no plan above it;
 * Essential offers the plans). Add a seat and Remove a seat sit together whenever extra seats are
 * paid for; a seat that members or pending invitations still hold is refused with the same words
 * the server answers (SEATS_STILL_USED), before anything is asked.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { UserMinus, UserPlus } from 'lucide-react'
import { SEATS_STILL_USED } from '@myodocs/shared/contracts/billing'
import {
  addSeatConfirm,
  REMOVE_SEAT,
  removeSeatConfirm,
  SEAT_ADDED,
  SEAT_REMOVED,
  SUBSCRIBE_TO_ADD_SEATS,
} from '@myodocs/shared/constants/plan-messages'
import {
  addSeatLabel,
  TEAM_NOT_ON_PLAN,
  teamFull,
  teamLimitReached,
} from '@myodocs/shared/constants/team-messages'
import { ERROR_TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ApiError } from '../../../lib/api-client'
import { paths } from '../../../lib/paths'
import { useBilling, useExtraSeats } from '../../subscription'

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.message ? err.message : ERROR_TRY_AGAIN

export function SeatActions({
  used,
  limit,
  seatPrice,
}: {
  /** Members and pending invitations. */
  used: number
  /** The plan's seats and the extra ones. */
  limit: number
  /** The plan's price of an extra seat; null where none is sold. */
  seatPrice: number | null
}) {
  const full = used >= limit
  const billing = useBilling(seatPrice !== null)
  const seats = useExtraSeats()
  const [confirming, setConfirming] = useState<'add' | 'remove' | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const plansLink = (label: string) => (
    <Link className="font-semibold text-brand-700 hover:underline" to={paths.billingSettings}>
      {label}
    </Link>
  )
  const say = (text: string, link?: string) =>
    full ? (
      <p className="text-sm text-slate-700">
        {text} {link && plansLink(link)}
      </p>
    ) : null

  if (seatPrice === null || limit <= 1)
    return say(limit <= 1 ? TEAM_NOT_ON_PLAN : teamLimitReached(limit), 'See plans')
  const b = billing.data
  if (!b) return null
  if (!b.paymentsConfigured)
    return b.planType === 'premium'
      ? say(teamFull(limit))
      : say(teamLimitReached(limit), 'See plans')
  if (!b.subscribed) return say(SUBSCRIBE_TO_ADD_SEATS, 'Go to Plan & Billing')
  const extra = b.seats.extra
  if (!full && extra === 0) return null

  const change = (to: number, done: string) =>
    seats.mutate(to, {
      onSuccess: () => toast.success(done),
      onError: (err) => setRefusal(errorText(err)),
      onSettled: () => setConfirming(null),
    })
  const askToRemove = () => {
    // The server refuses it too; saying so first spares a question whose answer is no.
    if (used > limit - 1) setRefusal(SEATS_STILL_USED(used, limit - 1))
    else setConfirming('remove')
  }

  return (
    <div className="space-y-3 text-sm text-slate-700">
      {full && <p>{teamFull(limit)}</p>}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setRefusal(null)
            setConfirming('add')
          }}
        >
          <UserPlus className="size-4" aria-hidden />
          {addSeatLabel(seatPrice)}
        </Button>
        {extra > 0 && (
          <Button variant="outline" onClick={askToRemove}>
            <UserMinus className="size-4" aria-hidden />
            {REMOVE_SEAT}
          </Button>
        )}
      </div>
      {refusal && (
        <Alert tone="warning" role="alert">
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming === 'add'}
        title={addSeatLabel(seatPrice)}
        description={addSeatConfirm(seatPrice)}
        confirmLabel="Add a seat"
        pending={seats.isPending}
        onConfirm={() => change(extra + 1, SEAT_ADDED)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        title={REMOVE_SEAT}
        description={removeSeatConfirm(seatPrice)}
        confirmLabel={REMOVE_SEAT}
        pending={seats.isPending}
        onConfirm={() => change(extra - 1, SEAT_REMOVED)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  )
}
