/** A centred message in place of a template: a template's access message, or no templates. */
import type { LucideIcon } from 'lucide-react'

export function AccessMessage({
  icon: Icon,
  title,
  text,
}: {
  icon: LucideIcon
  title: string
  text: string
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-7" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{text}</p>
    </section>
  )
}
