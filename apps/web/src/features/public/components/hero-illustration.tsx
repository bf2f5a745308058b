/**
 * The home hero's picture: a finished assessment report with a practice letterhead, and the
 * confirmation that it went out from the therapist's own mailbox. Drawn with HTML so it stays
 * sharp, weighs nothing and needs no image download. Decorative: hidden from screen readers.
 */
import { CheckCircle2, FileText, Send } from 'lucide-react'

const scores = [
  { label: 'Tongue rest posture', value: 'w-3/4' },
  { label: 'Lip seal', value: 'w-1/2' },
  { label: 'Nasal breathing', value: 'w-5/6' },
]

export function HeroIllustration() {
  return (
    <div
      aria-hidden
      className="relative mx-auto mb-12 w-full max-w-md select-none lg:mb-0 lg:max-w-none"
    >
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-brand-200/60 via-brand-50 to-amber-50 blur-2xl" />
      {/* The exercise prescription behind the report. */}
      <div className="absolute right-0 top-6 hidden h-[88%] w-[82%] rotate-3 rounded-2xl border border-slate-200 bg-white/80 shadow-lg sm:block" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-900/10 sm:mr-8 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <div className="flex size-10 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-800 text-sm font-bold text-white">
              BS
            </div>
            <div>
              <p className="text-sm font-semibold text-slate-900">Bright Smiles Myofunctional</p>
              <p className="text-xs text-slate-600">Dana Reyes, RDH, COM</p>
            </div>
          </div>
          <span className="rounded-md bg-brand-50 px-2 py-1 text-[11px] font-semibold uppercase tracking-wide text-brand-800">
            Assessment
          </span>
        </div>
        <div className="mt-5 h-px bg-slate-200" />
        <p className="mt-4 text-base font-semibold text-slate-900">
          Myofunctional Assessment Report
        </p>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {['w-4/5', 'w-3/5', 'w-2/3'].map((w) => (
            <div key={w} className="space-y-1.5 rounded-lg bg-slate-50 p-2.5">
              <div className="h-1.5 w-1/2 rounded bg-slate-300" />
              <div className={`h-2 rounded bg-slate-400 ${w}`} />
            </div>
          ))}
        </div>
        <p className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-600">
          Tongue and lips
        </p>
        <ul className="mt-3 space-y-3">
          {scores.map((s) => (
            <li key={s.label} className="text-xs text-slate-700">
              <span>{s.label}</span>
              <div className="mt-1 h-2 rounded-full bg-slate-100">
                <div
                  className={`h-2 rounded-full bg-gradient-to-r from-brand-500 to-brand-700 ${s.value}`}
                />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-5 space-y-1.5">
          <div className="h-1.5 w-full rounded bg-slate-200" />
          <div className="h-1.5 w-11/12 rounded bg-slate-200" />
          <div className="h-1.5 w-3/4 rounded bg-slate-200" />
        </div>
        <div className="mt-5 flex items-center justify-between text-[11px] text-slate-600">
          <span className="inline-flex items-center gap-1">
            <FileText className="size-3.5" /> assessment-report.pdf
          </span>
          <span>Page 1 of 3</span>
        </div>
      </div>
      <div className="absolute -bottom-12 left-2 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:-left-6">
        <span className="flex size-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <CheckCircle2 className="size-5" />
        </span>
        <div>
          <p className="text-sm font-semibold text-slate-900">Sent to the patient</p>
          <p className="text-xs text-slate-600">From your own mailbox · in your Sent folder</p>
        </div>
      </div>
      <div className="absolute -top-4 right-0 hidden items-center gap-2 rounded-full bg-slate-900 px-3.5 py-2 text-xs font-medium text-white shadow-lg sm:flex">
        <Send className="size-3.5" /> Sent via Gmail
      </div>
    </div>
  )
}
