// Runs a TypeScript worker module from source (vitest, tsx): a worker thread started with
// `--import tsx` does not reliably have tsx's loader in place before its first import, so the
// shim loads the module through tsx's API instead. The bundle (dist/render-worker.js,
// dist/strength-worker.js) needs none.
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

const worker = await tsImport(workerData.tsWorker, import.meta.url)
export default worker.default
