/**
 * The ceiling of `npm run bench -- api`: a bare Fastify hello-world answering the same envelope as
 * GET /api/health, with no plugins, hooks, schemas or logger. Started by the bench as its own
 * process on the port given; prints "listening" once it accepts connections.
 */
import Fastify from 'fastify'

const port = Number(process.argv[2])
const app = Fastify({ logger: false })
app.get('/api/health', async () => ({ success: true, data: { status: 'ok', version: '0.1.0' } }))
await app.listen({ port, host: '127.0.0.1' })
process.stdout.write('listening\n')
