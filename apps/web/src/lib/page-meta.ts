import { useEffect } from 'react'

const SUFFIX = 'MyoDocs'

/** Sets the document title and meta description for the page (SEO, screen readers). */
export function usePageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title.includes(SUFFIX) ? title : `${title} | ${SUFFIX}`
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.appendChild(meta)
    }
    meta.content = description
  }, [title, description])
}
