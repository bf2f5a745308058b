/**
 * A legal document on a page of its own: the title, the document with
 * each section an h2, and on wide screens a list of its sections. Scrolls to the top on open.
 */
import type { LegalDocument } from '@myodocs/shared/contracts/legal'
import { usePageMeta } from '../../../lib/page-meta'
import { LegalDocumentContent, legalSectionId } from './legal-document-content'

export function LegalPage({
  document,
  description,
  eyebrow = 'Legal',
}: {
  document: LegalDocument
  /** The page's meta description. */
  description: string
  eyebrow?: string
}) {
  usePageMeta({ title: document.title, description })
  const prefix = document.id
  return (
    <>
      <div className="border-b border-slate-200/70 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-12 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {document.title}
          </h1>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <aside className="hidden lg:block">
          <nav aria-label="On this page" className="sticky top-24 space-y-1 text-sm">
            <p className="mb-3 font-semibold text-slate-900">On this page</p>
            {document.sections.map((section) => (
              <a
                key={section.heading}
                href={`#${legalSectionId(prefix, section.heading)}`}
                className="block rounded-md px-2 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                {section.heading}
              </a>
            ))}
          </nav>
        </aside>
        <article className="max-w-3xl">
          <LegalDocumentContent document={document} sectionIdPrefix={prefix} />
        </article>
      </div>
    </>
  )
}
