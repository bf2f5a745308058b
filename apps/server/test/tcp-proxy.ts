/**
 * A TCP proxy between the app and PostgreSQL that a test can break: `refuse()` cuts every open
 * connection and stops listening (new connections get ECONNREFUSED), `resume()` listens again
 * on the same port. It stands in for a database restart or a network outage.
 */
import net from 'node:net'

export type TcpProxy = {
  port: number
  refuse(): Promise<void>
  resume(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const track = (s: net.Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => s.destroy())
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      if (server.listening) server.close(() => resolve())
      else resolve()
    })
  const port = await listen(0)
  return {
    port,
    refuse: stop,
    resume: async () => {
      await listen(port)
    },
    close: stop,
  }
}
