/** A free TCP port on loopback, for a server a test or benchmark starts as a process. */
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export async function freePort(): Promise<number> {
  const srv = createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as AddressInfo
  await new Promise((r) => srv.close(r))
  return port
}
