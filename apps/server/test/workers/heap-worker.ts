/** A stand-in render worker answering its heap limit and NODE_ENV, for the pool's settings test. */
import { getHeapStatistics } from 'node:v8'

export default async function () {
  const limitMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024)
  return new TextEncoder().encode(JSON.stringify({ limitMb, nodeEnv: process.env.NODE_ENV }))
}
