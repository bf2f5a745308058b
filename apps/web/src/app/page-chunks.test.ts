import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PAGE_CHUNKS } from './page-chunks'

const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8')

describe('PAGE_CHUNKS', () => {
  it('names the modules router.tsx loads lazily, each with the query provider when it needs one', () => {
    for (const [page, modules] of Object.entries(PAGE_CHUNKS)) {
      for (const module of modules) {
        if (module === 'src/app/query-provider.tsx') continue
        // router.tsx imports '../features/…/routes/x' for 'src/features/…/routes/x.tsx'.
        const specifier = `'../${module.replace(/^src\//, '').replace(/\.tsx$/, '')}'`
        const line = router.split('\n').find((l) => l.includes(specifier))
        expect(line, `${page}: ${specifier} in router.tsx`).toBeDefined()
        const usesQuery = /queryPage\(/.test(line!)
        expect(modules.includes('src/app/query-provider.tsx'), `${page} query provider`).toBe(
          usesQuery,
        )
      }
    }
  })
})
