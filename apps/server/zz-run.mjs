import { readFileSync, writeFileSync } from 'node:fs'
import { Piscina } from 'piscina'
const pool = new Piscina({ filename: new URL('./dist/render-worker.js', import.meta.url).href, maxThreads: 1 })
const request = JSON.parse(readFileSync('/tmp/assess/probe/req.json', 'utf8'))
const first = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const ctx = { business: { name: 'Harbor Myofunctional Therapy', address: '12 Harbor Way, Portland, ME 04101', phone: '(555) 123-4567', logo: null }, therapist: { firstName: 'Avery', lastName: 'Stone', title: 'RDH, COM' }, pdf: { includeWatermark: false }, now: new Date() }
await pool.run({ warmUp: true })
await pool.run({ kind: process.argv[3] ?? 'assessment', request: first, context: ctx })
const out = await pool.run({ kind: 'patient-summary', request, context: ctx })
writeFileSync('/tmp/assess/probe/dist.pdf', Buffer.from(out))
await pool.close()
