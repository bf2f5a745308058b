/**
 * The left navigation: the templates of the registry, in order. A template the user may
 * not open stays listed, disabled, with its access message; a template behind the legal
 * gate shows a lock.
 */
import { NavLink } from 'react-router'
import { Lock } from 'lucide-react'
import { TEMPLATES, templateAccessProblem } from '@myodocs/shared/constants/templates'
import type { TemplateViewer } from '@myodocs/shared/constants/templates'
import { paths } from '../../lib/paths'
import { cn } from '../../lib/cn'
import { templateIcon } from './template-icons'

export function TemplateNav({
  viewer,
  gated,
  onNavigate,
}: {
  viewer: TemplateViewer
  /** The legal gate blocks the templates that are not exempt. */
  gated: boolean
  onNavigate?: () => void
}) {
  return (
    <nav aria-label="Templates">
      <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Templates</p>
      <ul className="mt-2 space-y-1">
        {TEMPLATES.map((t) => {
          const Icon = templateIcon(t.id)
          const problem = templateAccessProblem(t, viewer)
          const locked = gated && !t.exemptFromLegalGate
          if (problem) {
            return (
              <li key={t.id}>
                <span
                  aria-disabled="true"
                  className="flex cursor-not-allowed items-start gap-3 rounded-lg px-3 py-2 text-slate-400"
                >
                  <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium">{t.name}</span>
                    <span className="block text-xs">{problem}</span>
                  </span>
                </span>
              </li>
            )
          }
          return (
            <li key={t.id}>
              <NavLink
                to={paths.appTemplate(t.id)}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200 ring-inset'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon
                      className={cn(
                        'size-5 shrink-0',
                        isActive ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600',
                      )}
                      aria-hidden
                    />
                    <span className="min-w-0 flex-1">{t.name}</span>
                    {locked && (
                      <Lock className="size-3.5 shrink-0 text-slate-400" aria-label="Locked" />
                    )}
                  </>
                )}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
