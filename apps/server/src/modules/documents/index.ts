/** Documents: rendering one for the caller, and the worker pool the app starts and closes. */
export { generateDocument } from './service'
export type { GiveBackPdf } from './service'
export { createRenderPool, renderPoolBusy } from './render-pool'
export type { RenderPool } from './render-pool'
