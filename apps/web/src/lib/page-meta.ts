import { useEffect } from 'react'

const SUFFIX = 'MyoDocs'

/**
 * The last page's title and description rendered without a browser (src/prerender.tsx), which
 * puts them in the page's HTML: effects do not run there, and a crawler or a link preview reads
 * the head before any script.
 */
export const prerenderedMeta: { title?: string; description?: string } = {}

/** Sets the document title and meta description for the page (SEO, screen readers). */
export function usePageMeta({ title, description }: { title: string; description: string }) {
  const full = title.includes(SUFFIX) ? title : `${title} | ${SUFFIX}`
  if (typeof document === 'undefined') Object.assign(prerenderedMeta, { title: full, description })
  useEffect(() => {
    document.title = full
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.appendChild(meta)
    }
    meta.content = description
  }, [full, description])
}
