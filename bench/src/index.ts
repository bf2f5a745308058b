/**
 * `npm run bench -- <name>`: benchmarks that print their figures beside their targets.
 * Each benchmark is a module exporting `run(args)`; add yours to BENCHMARKS.
 */
const BENCHMARKS: Record<string, () => Promise<{ run: (args: string[]) => Promise<void> }>> = {
  pdf: () => import('./pdf'),
  bundle: () => import('./bundle'),
  lighthouse: () => import('./lighthouse'),
  send: () => import('./send'),
  api: () => import('./api'),
  audit: () => import('./audit'),
  analytics: () => import('./analytics'),
  security: () => import('./security'),
  clinic: () => import('./clinic'),
  tablet: () => import('./tablet'),
}

const [name, ...args] = process.argv.slice(2)
const names = Object.keys(BENCHMARKS)
if (!name || !BENCHMARKS[name]) {
  console.log(`Usage: npm run bench -- <${names.join('|') || 'name'}>`)
  process.exit(name ? 1 : 0)
}
await (await BENCHMARKS[name]()).run(args)
