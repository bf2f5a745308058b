/** The heading band at the top of a public page: eyebrow, h1 and a lead paragraph. */
import type { ReactNode } from 'react'

export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="relative overflow-hidden border-b border-slate-200/70 bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 left-1/2 h-72 w-[42rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl px-4 pb-12 pt-14 text-center sm:px-6 sm:pb-16 sm:pt-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead && <p className="mt-5 text-lg leading-relaxed text-pretty text-slate-600">{lead}</p>}
        {children}
      </div>
    </div>
  )
}

/** A section's eyebrow, h2 and lead, centred above its content. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
}: {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  id?: string
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{lead}</p>}
    </div>
  )
}
