/**
 * A free TCP port on loopback, for a server a test or benchmark starts as a process.
 *
 * The port is picked below the kernel's ephemeral range, where outgoing connections and
 * `listen(0)` take theirs: a port from that range could be taken by one of them between this check
 * and the server's own listen a second later (an e2e server once failed with EADDRINUSE so).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/** How many ports below the ephemeral range are tried at random. */
const SPAN = 12_000
const handedOut = new Set<number>()

function ephemeralLow(): number | null {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)
    const n = Number(low)
    return Number.isInteger(n) && n > SPAN + 1024 ? n : null
  } catch {
    return null
  }
}

function listenOn(port: number): Promise<number | null> {
  const srv = createServer()
  return new Promise((resolve) => {
    srv.once('error', () => resolve(null))
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as AddressInfo
      srv.close(() => resolve(bound))
    })
  })
}

export async function freePort(): Promise<number> {
  const low = ephemeralLow()
  if (low !== null) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = low - 1 - Math.floor(Math.random() * SPAN)
      if (handedOut.has(port)) continue
      if ((await listenOn(port)) !== null) {
        handedOut.add(port)
        return port
      }
    }
  }
  const port = await listenOn(0)
  if (port === null) throw new Error('no free port on loopback')
  return port
}
