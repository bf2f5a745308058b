/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * A legal document as a PDF (the signed BAA of GET /api/legal/baa/download/{id}): the exact text
 * accepted, then the signature block — the signer's typed name and title, the business, the date,
 * the IP address and the version. Uses react-pdf's built-in Helvetica until the shared fonts land.
 */
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer'
import type { LegalDocument, LegalDocumentBlock } from '@myodocs/shared/contracts/legal'

/** Who accepted the document, as recorded at acceptance. */
export type LegalSignature = {
  /** The acceptance's id (printed so a copy can be matched to the record). */
  acceptanceId: string
  signerName: string
  signerTitle: string
  businessName: string
  /** When it was accepted. */
  signedAt: Date
  ip: string | null
}

export type LegalDocumentPdfProps = {
  document: LegalDocument
  signature: LegalSignature
  /** The other party, printed in the signature block. */
  provider?: string
}

const styles = StyleSheet.create({
  page: {
    paddingTop: 54,
    paddingBottom: 60,
    paddingHorizontal: 60,
    fontFamily: 'Helvetica',
    fontSize: 10,
    color: '#1f2937',
  },
  /** The text's line height lives here, not on the page (see pageNumber). */
  body: { fontSize: 10, lineHeight: 1.45 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 18, marginBottom: 4, color: '#111827' },
  meta: { fontSize: 9, color: '#6b7280', marginBottom: 12 },
  summary: {
    fontSize: 10,
    padding: 10,
    marginBottom: 14,
    backgroundColor: '#f3f4f6',
    borderRadius: 3,
  },
  heading: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 11.5,
    marginTop: 10,
    marginBottom: 4,
    color: '#111827',
  },
  paragraph: { marginBottom: 6 },
  note: {
    marginBottom: 6,
    padding: 8,
    borderLeftWidth: 3,
    borderLeftColor: '#2563eb',
    backgroundColor: '#eff6ff',
  },
  item: { flexDirection: 'row', marginBottom: 3, paddingLeft: 6 },
  marker: { width: 16 },
  itemText: { flex: 1 },
  signatureBox: {
    marginTop: 18,
    padding: 12,
    borderWidth: 1,
    borderColor: '#9ca3af',
    borderRadius: 3,
  },
  signatureTitle: { fontFamily: 'Helvetica-Bold', fontSize: 12, marginBottom: 8 },
  row: { flexDirection: 'row', marginBottom: 3 },
  label: { width: 130, color: '#6b7280' },
  value: { flex: 1 },
  typedName: { fontFamily: 'Helvetica-Oblique', fontSize: 14, marginBottom: 6 },
  // No lineHeight on the page: an inherited one leaves a dynamic (render) text empty (react-pdf 4).
  pageNumber: {
    position: 'absolute',
    bottom: 28,
    right: 60,
    width: 120,
    textAlign: 'right',
    fontSize: 8,
    color: '#6b7280',
  },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 60,
    right: 190,
    fontSize: 8,
    color: '#6b7280',
  },
})

/** `2025-03-04 14:05 UTC`: one unambiguous form whatever the reader's time zone. */
export function formatSignedAt(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

function Block({ block }: { block: LegalDocumentBlock }) {
  switch (block.type) {
    case 'p':
      return <Text style={styles.paragraph}>{block.text}</Text>
    case 'note':
      return <Text style={styles.note}>{block.text}</Text>
    case 'ul':
    case 'ol':
      return (
        <View style={styles.paragraph}>
          {block.items.map((item, i) => (
            <View key={i} style={styles.item} wrap={false}>
              <Text style={styles.marker}>{block.type === 'ol' ? `${i + 1}.` : '•'}</Text>
              <Text style={styles.itemText}>{item}</Text>
            </View>
          ))}
        </View>
      )
  }
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  )
}

/** The whole document: text, signature block, and a footer with the version and page numbers. */
export function LegalDocumentPdf({
  document,
  signature,
  provider = 'MyoDocs',
}: LegalDocumentPdfProps) {
  return (
    <Document
      title={`${document.title} (signed) — ${signature.businessName}`}
      author={provider}
      subject={`${document.title} version ${document.version}`}
      creator={provider}
      producer={provider}
    >
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.footer} fixed>
          {document.title} v{document.version} · {signature.businessName}
        </Text>
        <Text
          style={styles.pageNumber}
          fixed
          render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
        />
        <View style={styles.body}>
          <Text style={styles.title}>{document.title}</Text>
          <Text style={styles.meta}>
            Version {document.version} · Effective {document.effectiveDate}
          </Text>
          <Text style={styles.summary}>{document.summary}</Text>
          {document.sections.map((section) => (
            <View key={section.heading}>
              <Text style={styles.heading} minPresenceAhead={40}>
                {section.heading}
              </Text>
              {section.blocks.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </View>
          ))}

          <View style={styles.signatureBox} wrap={false}>
            <Text style={styles.signatureTitle}>Signed electronically</Text>
            <Text style={styles.typedName}>{signature.signerName}</Text>
            <Field label="Signed by" value={signature.signerName} />
            <Field label="Title" value={signature.signerTitle || '—'} />
            <Field label="Covered Entity" value={signature.businessName} />
            <Field label="Business Associate" value={provider} />
            <Field label="Date" value={formatSignedAt(signature.signedAt)} />
            <Field label="IP address" value={signature.ip ?? 'not recorded'} />
            <Field label="Document version" value={document.version} />
            <Field label="Acceptance record" value={signature.acceptanceId} />
          </View>
        </View>
      </Page>
    </Document>
  )
}
