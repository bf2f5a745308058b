/**
 * The assessment's table of contents: patient data, the seven sections with their completion,
 * recommendations and documents. Jump links move focus to the section heading, so the keyboard
 * continues from there; the section in view is marked (`aria-current`).
 */
import { useEffect, useState } from 'react'
import { cn } from '../../../lib/cn'
import { CompletionMeter } from './completion-meter'

export interface IndexEntry {
  anchor: string
  title: string
  /** Completion of a section; a short status text for the others. */
  completion?: { completed: number; total: number }
  status?: string
}

/** Scrolls to a section and puts focus on its heading. */
export function goToSection(anchor: string) {
  const section = document.getElementById(anchor)
  if (!section) return
  section.scrollIntoView({ behavior: 'smooth', block: 'start' })
  document.getElementById(`${anchor}-title`)?.focus({ preventScroll: true })
}

/** The entry whose section is in view, from an IntersectionObserver on the anchors. */
function useSectionInView(anchors: readonly string[]) {
  const [current, setCurrent] = useState<string | null>(anchors[0] ?? null)
  const key = anchors.join('|')
  useEffect(() => {
    const elements = key
      .split('|')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null)
    const visible = new Map<string, number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.intersectionRatio)
        // The first section (in form order) with a visible part below the sticky header.
        const first = elements.find((el) => (visible.get(el.id) ?? 0) > 0)
        if (first) setCurrent(first.id)
      },
      { rootMargin: '-120px 0px -45% 0px', threshold: [0, 0.01, 0.25] },
    )
    for (const el of elements) observer.observe(el)
    return () => observer.disconnect()
  }, [key])
  return current
}

export function SectionIndex({
  entries,
  variant,
}: {
  entries: readonly IndexEntry[]
  variant: 'sidebar' | 'bar'
}) {
  const current = useSectionInView(entries.map((e) => e.anchor))

  if (variant === 'bar')
    return (
      <nav aria-label="Assessment sections (compact)">
        <ol className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 [scrollbar-width:thin]">
          {entries.map((entry) => (
            <li key={entry.anchor} className="shrink-0">
              <a
                href={`#${entry.anchor}`}
                aria-current={current === entry.anchor ? 'location' : undefined}
                onClick={(e) => {
                  e.preventDefault()
                  goToSection(entry.anchor)
                }}
                className={cn(
                  'flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium whitespace-nowrap',
                  current === entry.anchor
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {entry.title}
                {entry.completion && (
                  <span className="tabular-nums opacity-75">
                    {entry.completion.completed}/{entry.completion.total}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    )

  return (
    <nav aria-label="Assessment sections" className="text-sm">
      <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        Sections
      </p>
      <ol className="space-y-0.5">
        {entries.map((entry) => (
          <li key={entry.anchor}>
            <a
              href={`#${entry.anchor}`}
              aria-current={current === entry.anchor ? 'location' : undefined}
              onClick={(e) => {
                e.preventDefault()
                goToSection(entry.anchor)
              }}
              className={cn(
                'block rounded-md border-l-2 px-2 py-1.5 transition-colors',
                current === entry.anchor
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-transparent text-slate-700 hover:bg-slate-100',
              )}
            >
              <span className="block font-medium">{entry.title}</span>
              {entry.completion ? (
                <span className="mt-1 block">
                  <CompletionMeter {...entry.completion} compact />
                </span>
              ) : (
                entry.status && <span className="block text-xs text-slate-500">{entry.status}</span>
              )}
            </a>
          </li>
        ))}
      </ol>
      <p className="mt-4 px-2 text-xs leading-relaxed text-slate-500">
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1">Alt</kbd> +{' '}
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1">Page Down</kbd> /{' '}
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1">Page Up</kbd> moves to the
        next or previous section.
      </p>
    </nav>
  )
}
