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

export function LegalDocumentContent({
  document,
  headingLevel = 2,
}: {
  document: LegalDocument
  /** 2 on a page of its own, 3 inside a settings card or dialog. */
  headingLevel?: 2 | 3
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
          <Heading className="text-xl font-semibold text-slate-900">{section.heading}</Heading>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </section>
      ))}
    </div>
  )
}
