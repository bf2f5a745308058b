/** The centred card every sign-in and sign-up page sits in, under the public header. */
import type { ReactNode } from 'react'
import { Card } from './card'
import { cn } from '../../lib/cn'

export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
}) {
  return (
    <section className="min-h-full bg-gradient-to-b from-brand-50/70 to-white px-4 py-10 sm:py-16">
      <div className={cn('mx-auto w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <div className="mb-6 text-center">
          {icon && (
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description && <p className="mt-2 text-sm text-slate-600 sm:text-base">{description}</p>}
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
        {footer && (
          <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>
        )}
      </div>
    </section>
  )
}

/** A notice at the top of a card: info (brand), success (green) or warning (amber). */
export function Notice({
  tone = 'info',
  title,
  children,
  icon,
}: {
  tone?: 'info' | 'success' | 'warning'
  title?: ReactNode
  children?: ReactNode
  icon?: ReactNode
}) {
  const tones = {
    info: 'border-brand-200 bg-brand-50 text-brand-900',
    success: 'border-green-200 bg-green-50 text-green-900',
    warning: 'border-amber-200 bg-amber-50 text-amber-900',
  }
  return (
    <div role="status" className={cn('flex gap-3 rounded-lg border p-3 text-sm', tones[tone])}>
      {icon && <span className="mt-0.5 shrink-0">{icon}</span>}
      <div className="space-y-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  )
}
