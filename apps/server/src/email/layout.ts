/**
 * The one layout for system mail: a heading, paragraphs and an optional button, as text and HTML.
 * Every value is escaped; templates pass plain strings.
 */
export type RenderedEmail = { subject: string; text: string; html: string }

export type EmailContent = {
  subject: string
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footer?: string
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export function renderEmail(c: EmailContent): RenderedEmail {
  const footer = c.footer ?? 'MyoDocs · More Patients. Less Paperwork.'
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    '--',
    footer,
  ].join('\n')
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(c.action.label)}</a></p><p style="color:#64748b;font-size:13px">Or paste this link into your browser: ${escapeHtml(c.action.url)}</p>`
    : ''
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Helvetica,Arial,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.heading)}</h1>${c.paragraphs
    .map(
      (p) => `<p style="line-height:1.5;margin:0 0 12px;white-space:pre-wrap">${escapeHtml(p)}</p>`,
    )
    .join(
      '',
    )}${button}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p></div></body></html>`
  return { subject: c.subject, text, html }
}
