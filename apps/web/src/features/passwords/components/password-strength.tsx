/** The strength meter (Very Weak … Very Strong) and what the policy still needs. */
import { Check, Circle, Loader2, X } from 'lucide-react'
import { strengthLabel } from '@myodocs/shared/domain/password-policy'
import type { PasswordPolicy } from '@myodocs/shared/domain/password-policy'
import { cn } from '../../../lib/cn'
import type { PasswordStrength as Strength } from '../hooks/use-password-strength'
import { meterRows } from '../meter-rows'

const BAR = ['bg-red-500', 'bg-orange-500', 'bg-amber-400', 'bg-brand-500', 'bg-brand-700']
const TEXT = [
  'text-red-700',
  'text-orange-700',
  'text-amber-700',
  'text-brand-700',
  'text-brand-800',
]

export function PasswordStrengthMeter({
  strength,
  policy,
  showHistory = false,
}: {
  strength: Strength
  policy: Pick<PasswordPolicy, 'minLength' | 'checkBreaches'>
  showHistory?: boolean
}) {
  const v = strength.validation
  if (!v) return null
  const score = Math.max(0, Math.min(4, v.score))
  const { rows: rules, notes } = meterRows(strength, policy, showHistory)
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              i <= score ? BAR[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        Password strength:{' '}
        <span className={cn('font-semibold', TEXT[score])} data-testid="strength-label">
          {strengthLabel(score)}
        </span>
        {strength.pending && (
          <Loader2 className="size-3 animate-spin text-slate-400" aria-label="Checking" />
        )}
      </p>
      <ul className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        {rules.map(([label, ok]) => (
          <li
            key={label}
            className={cn(
              'flex items-center gap-1.5',
              // A reason (why the password counts as common) takes the whole line.
              label.length > 40 && 'sm:col-span-2',
              ok === true ? 'text-brand-800' : ok === false ? 'text-slate-600' : 'text-slate-400',
            )}
          >
            {ok === true ? (
              <Check className="size-3.5 text-brand-600" aria-hidden />
            ) : ok === false ? (
              <X className="size-3.5 text-red-500" aria-hidden />
            ) : (
              <Circle className="size-3 text-slate-300" aria-hidden />
            )}
            <span>
              <span className="sr-only">
                {ok === true ? 'Met: ' : ok === false ? 'Missing: ' : ''}
              </span>
              {label}
            </span>
          </li>
        ))}
      </ul>
      {notes.map((n) => (
        <p key={n} className="text-xs text-slate-500">
          {n}
        </p>
      ))}
    </div>
  )
}
