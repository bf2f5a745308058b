/**
 * A stand-in render worker for the pool tests: waits, then answers bytes naming the job. With a
 * shared `gauge` ([running, most ever running]) it records how many jobs ran at the same time.
 */
import { setTimeout as sleep } from 'node:timers/promises'

type Job = { warmUp?: true; ms?: number; name?: string; gauge?: Int32Array }

export default async function (job: Job) {
  if (job.warmUp) return new Uint8Array()
  const gauge = job.gauge
  if (gauge) {
    const running = Atomics.add(gauge, 0, 1) + 1
    let most = Atomics.load(gauge, 1)
    while (running > most) {
      const seen = Atomics.compareExchange(gauge, 1, most, running)
      if (seen === most) break
      most = seen
    }
  }
  await sleep(job.ms ?? 0)
  if (gauge) Atomics.sub(gauge, 0, 1)
  return new TextEncoder().encode(`done:${job.name ?? ''}`)
}
