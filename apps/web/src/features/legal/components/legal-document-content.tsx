/**
 * Renders a legal document of packages/shared/src/legal (the public legal pages, the settings
 * legal tab and the BAA signing dialog all use it). The support address token is filled from
 * GET /api/config.
 */
import type { LegalDocument, LegalDocumentBlock } from '@myodocs/shared/contracts/legal'
import { fillLegalTokens } from '@myodocs/shared/legal/tokens'
import { usePublicConfig } from '../../../lib/public-config'

function Block({ block }: { block: LegalDocumentBlock }) {
  switch (block.type) {
    case 'p':
      return <p>{block.text}</p>
    case 'note':
      return (
        <p className="rounded-md border-l-4 border-brand-500 bg-brand-50 px-4 py-3 text-slate-800">
          {block.text}
        </p>
      )
    case 'ul':
      return (
        <ul className="list-disc space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )
    case 'ol':
      return (
        <ol className="list-decimal space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      )
  }
}

/** The anchor of a section: `${prefix}-` and the heading in kebab case, without its number. */
export function legalSectionId(prefix: string, heading: string) {
  const slug = heading
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${prefix}-${slug}`
}

export function LegalDocumentContent({
  document,
  headingLevel = 2,
  sectionIdPrefix,
}: {
  document: LegalDocument
  /** 2 on a page of its own, 3 inside a settings card or dialog. */
  headingLevel?: 2 | 3
  /** Gives each section heading an id (see legalSectionId), for a table of contents. */
  sectionIdPrefix?: string
}) {
  const supportEmail = usePublicConfig().data?.supportEmail ?? 'our support address'
  const doc = fillLegalTokens(document, supportEmail)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="space-y-6 text-slate-700 leading-relaxed">
      <p className="text-sm text-slate-500">
        Version {doc.version} · Effective {doc.effectiveDate}
      </p>
      <p className="text-lg text-slate-800">{doc.summary}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="space-y-3">
          <Heading
            id={sectionIdPrefix ? legalSectionId(sectionIdPrefix, section.heading) : undefined}
            className="scroll-mt-24 text-xl font-semibold text-slate-900"
          >
            {section.heading}
          </Heading>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </section>
      ))}
    </div>
  )
}
