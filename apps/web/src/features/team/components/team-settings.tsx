/**
 * Settings › Team (primary user only; docs/product/team.md): seats used of the plan's limit, the
 * invitation form, the members with their status and usage, and the pending invitations. Every
 * action refetches the team; deactivating and removing ask first.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { KeyRound, MailPlus, RotateCw, ShieldOff, Trash2, UserCheck, UserX } from 'lucide-react'
import { InviteMemberRequestSchema } from '@myodocs/shared/contracts/team'
import type { Team, TeamInvitation, TeamMember } from '@myodocs/shared/contracts/team'
import {
  confirmDeactivate,
  confirmDeleteInvitation,
  confirmRemove,
  confirmResetTwoStep,
  extraSeatPrice,
  INVITATION_DELETED,
  INVITATION_RESENT,
  INVITATION_SENT,
  MEMBER_DEACTIVATED,
  MEMBER_REACTIVATED,
  MEMBER_REMOVED,
  MEMBER_RESET_SENT,
  MEMBER_TWO_STEP_RESET,
  RESET_TWO_STEP,
  seatsUsed,
  twoStepState,
} from '@myodocs/shared/constants/team-messages'
import { ERROR_TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { TextField } from '../../../components/ui/field'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { ApiError } from '../../../lib/api-client'
import { useTeam } from '../api/get-team'
import { useInviteMember } from '../api/invite-member'
import { useTeamAction } from '../api/team-actions'
import { SeatActions } from './seat-actions'
import type { TeamAction } from '../api/team-actions'

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.message ? err.message : ERROR_TRY_AGAIN

const dateOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : 'Never'

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`

const DONE: Record<TeamAction, string> = {
  resendInvitation: INVITATION_RESENT,
  deleteInvitation: INVITATION_DELETED,
  deactivate: MEMBER_DEACTIVATED,
  reactivate: MEMBER_REACTIVATED,
  resetPassword: MEMBER_RESET_SENT,
  resetTwoStep: MEMBER_TWO_STEP_RESET,
  remove: MEMBER_REMOVED,
}

export function TeamSettings() {
  const query = useTeam()
  return (
    <QueryState query={query} what="your team">
      {(team) => <TeamSections team={team} />}
    </QueryState>
  )
}

type Pending = {
  action: TeamAction
  target: string
  title: string
  description: string
  confirmLabel: string
}

/** The member actions that ask first: the dialog's title, text and button. */
const CONFIRM: Partial<Record<TeamAction, (name: string) => Omit<Pending, 'action' | 'target'>>> = {
  deactivate: (name) => ({
    title: 'Deactivate member',
    description: confirmDeactivate(name),
    confirmLabel: 'Deactivate',
  }),
  resetTwoStep: (name) => ({
    title: RESET_TWO_STEP,
    description: confirmResetTwoStep(name),
    confirmLabel: 'Reset',
  }),
  remove: (name) => ({
    title: 'Remove member',
    description: confirmRemove(name),
    confirmLabel: 'Remove',
  }),
}

function TeamSections({ team }: { team: Team }) {
  const action = useTeamAction()
  const [confirm, setConfirm] = useState<Pending | null>(null)

  const run = async (a: TeamAction, target: string) => {
    try {
      await action.mutateAsync({ action: a, target })
      toast.success(DONE[a])
    } catch (err) {
      toast.error(errorText(err))
    } finally {
      setConfirm(null)
    }
  }

  const { used, limit, additionalMemberPrice } = team.seats
  return (
    <div className="space-y-6">
      <SectionCard
        title="Team members"
        headingId="team-title"
        description={
          <>
            <span data-testid="seats">{seatsUsed(used, limit)}</span>
            {additionalMemberPrice !== null && <> · {extraSeatPrice(additionalMemberPrice)}</>}
          </>
        }
      >
        <ul className="divide-y divide-slate-200" aria-label="Members">
          {team.members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              busy={action.isPending}
              onAction={(a) => {
                const ask = CONFIRM[a]
                if (ask) setConfirm({ action: a, target: m.id, ...ask(fullName(m)) })
                else void run(a, m.id)
              }}
            />
          ))}
        </ul>
      </SectionCard>

      <SectionCard
        title="Invite a team member"
        headingId="invite-title"
        description="They get an email with a link to create their account, valid for 7 days."
      >
        <div className="space-y-5">
          {used < limit && <InviteForm />}
          <SeatActions used={used} limit={limit} seatPrice={additionalMemberPrice} />
        </div>
      </SectionCard>

      <SectionCard title="Pending invitations" headingId="invitations-title">
        {team.invitations.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
            {team.invitations.map((i) => (
              <InvitationRow
                key={i.id}
                invitation={i}
                busy={action.isPending}
                onResend={() => void run('resendInvitation', i.id)}
                onDelete={() =>
                  setConfirm({
                    action: 'deleteInvitation',
                    target: i.id,
                    title: 'Delete invitation',
                    description: confirmDeleteInvitation(i.email),
                    confirmLabel: 'Delete',
                  })
                }
              />
            ))}
          </ul>
        )}
      </SectionCard>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirmLabel={confirm?.confirmLabel ?? 'Confirm'}
        tone="danger"
        pending={action.isPending}
        onConfirm={() => confirm && void run(confirm.action, confirm.target)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  )
}

function MemberRow({
  member: m,
  busy,
  onAction,
}: {
  member: TeamMember
  busy: boolean
  onAction: (a: TeamAction) => void
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="member-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {fullName(m)}
          {m.therapistTitle && <span className="text-sm text-slate-500">{m.therapistTitle}</span>}
          {m.isPrimaryUser ? (
            <Badge tone="brand">Account holder</Badge>
          ) : m.isActive ? (
            <Badge tone="success">Active</Badge>
          ) : (
            <Badge tone="neutral">Inactive</Badge>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">{m.email}</p>
        <p className="text-xs text-slate-500">
          Last sign-in: {dateOf(m.lastSignInAt)} · PDFs this month: {m.pdfsThisMonth} ·{' '}
          {twoStepState(m.twoStep)}
        </p>
      </div>
      {!m.isPrimaryUser && (
        <div className="flex flex-wrap gap-2">
          {m.isActive ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => onAction('deactivate')}
            >
              <UserX className="size-4" aria-hidden />
              Deactivate
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => onAction('reactivate')}
            >
              <UserCheck className="size-4" aria-hidden />
              Reactivate
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => onAction('resetPassword')}
          >
            <KeyRound className="size-4" aria-hidden />
            Reset password
          </Button>
          {m.twoStep && (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => onAction('resetTwoStep')}
            >
              <ShieldOff className="size-4" aria-hidden />
              {RESET_TWO_STEP}
            </Button>
          )}
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('remove')}>
            <Trash2 className="size-4" aria-hidden />
            Remove
          </Button>
        </div>
      )}
    </li>
  )
}

function InvitationRow({
  invitation: i,
  busy,
  onResend,
  onDelete,
}: {
  invitation: TeamInvitation
  busy: boolean
  onResend: () => void
  onDelete: () => void
}) {
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center"
      data-testid="invitation-row"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {fullName(i)}
          {i.expired ? (
            <Badge tone="warning">Expired</Badge>
          ) : (
            <Badge tone="neutral">Pending</Badge>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">{i.email}</p>
        <p className="text-xs text-slate-500">
          Sent {dateOf(i.sentAt)} · {i.expired ? 'Expired' : 'Expires'} {dateOf(i.expiresAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={onResend}>
          <RotateCw className="size-4" aria-hidden />
          Resend
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      </div>
    </li>
  )
}

function InviteForm() {
  const form = useZodForm(InviteMemberRequestSchema, {
    defaultValues: { email: '', firstName: '', lastName: '' },
  })
  const invite = useInviteMember()
  const [formError, setFormError] = useState<string | null>(null)
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await invite.mutateAsync(values)
      toast.success(INVITATION_SENT)
      form.reset()
    } catch (err) {
      applyServerErrors(form, err)
      if (!(err instanceof ApiError && err.fields)) setFormError(errorText(err))
    }
  })

  return (
    <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" pending={invite.isPending}>
        <MailPlus className="size-4" aria-hidden />
        Send Invitation
      </Button>
    </form>
  )
}
