/**
 * The OAuth side of the mailbox tests, all on loopback:
 * - a real OAuth 2.0 authorization server (oauth2-mock-server) that issues signed JWTs, enforces
 *   PKCE S256 when a verifier is sent, and echoes the scope the browser was sent to consent to;
 *   tests script refusals (`invalid_grant`, a reduced scope) and read every token request;
 * - `startTestMailApis`: one HTTP server speaking the documented Gmail API
 *   (`POST /upload/gmail/v1/users/me/messages/send?uploadType=media`, `message/rfc822`) and
 *   Microsoft Graph (`POST /v1.0/me/sendMail`, base64 MIME as `text/plain`, 202) calls, with a
 *   bearer check against the authorization server's keys, switches for 401/403/429/5xx, Graph's
 *   4 MB limit, and every message it took kept for the tests to parse.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OAuth2Server } from 'oauth2-mock-server'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'

export type TokenCall = { grantType: string; params: URLSearchParams }

export type TestAuthServer = {
  url: string
  server: OAuth2Server
  /** Every token request, in order. */
  tokenCalls: TokenCall[]
  /** Every token sent to the revocation endpoint. */
  revoked: string[]
  /** Every access and refresh token issued (the canary: none may appear in logs or the database). */
  issued: string[]
  /** The email userinfo answers (undefined: none). */
  email: string | undefined
  /** The next token answers refuse with this OAuth error (e.g. `invalid_grant`). */
  refuseNext(error: string, description?: string, count?: number): void
  /** The next token answers are this HTTP status (a token endpoint that is down: 500, 503). */
  failNext(status: number, count?: number): void
  /** The next authorization-code answer grants this scope instead of the one asked. */
  grantScopeOnce(scope: string): void
  /** Whether a bearer token was issued by this server, is unexpired and not revoked. */
  verify(token: string): Promise<boolean>
  /**
   * Plays the browser at the provider: follows `authUrl` to the authorization server and
   * returns the callback path (with `code` and `state`) it redirects to.
   */
  consent(authUrl: string): Promise<{ path: string; params: URLSearchParams }>
  close(): Promise<void>
}

export async function startTestAuthServer(): Promise<TestAuthServer> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const port = server.address().port
  const url = `http://127.0.0.1:${port}`
  const tokenCalls: TokenCall[] = []
  const revoked: string[] = []
  const issued: string[] = []
  const scopeOfCode = new Map<string, string>()
  const refusals: Array<{ error: string; description: string; status?: number }> = []
  let scopeOverride: string | undefined

  server.service.on(
    'beforeAuthorizeRedirect',
    (redirect: { url: URL }, req: { query: Record<string, string> }) => {
      const code = redirect.url.searchParams.get('code')
      if (code) scopeOfCode.set(code, req.query.scope ?? '')
    },
  )
  server.service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: { body: Record<string, string> },
    ) => {
      const params = new URLSearchParams(req.body)
      tokenCalls.push({ grantType: params.get('grant_type') ?? '', params })
      const refusal = refusals.shift()
      if (refusal) {
        response.statusCode = refusal.status ?? 400
        response.body = { error: refusal.error, error_description: refusal.description }
        return
      }
      if (params.get('grant_type') === 'authorization_code') {
        const asked = scopeOfCode.get(params.get('code') ?? '') ?? ''
        response.body.scope = scopeOverride ?? asked
        scopeOverride = undefined
      } else {
        // A refresh answer lists no scope (the grant is unchanged); the mock always rotates the
        // refresh token, as Microsoft does.
        delete response.body.scope
      }
      delete response.body.id_token
      for (const key of ['access_token', 'refresh_token'])
        if (typeof response.body[key] === 'string') issued.push(response.body[key])
    },
  )
  const harness: TestAuthServer = {
    url,
    server,
    tokenCalls,
    revoked,
    issued,
    email: 'therapist@mailbox.test',
    refuseNext(error, description = '', count = 1) {
      for (let i = 0; i < count; i++) refusals.push({ error, description })
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++)
        refusals.push({ error: 'temporarily_unavailable', description: '', status })
    },
    grantScopeOnce(scope) {
      scopeOverride = scope
    },
    async verify(token) {
      if (revoked.includes(token)) return false
      try {
        const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() })
        await jwtVerify(token, keys)
        return true
      } catch {
        return false
      }
    },
    async consent(authUrl) {
      const res = await fetch(authUrl, { redirect: 'manual' })
      const location = res.headers.get('location')
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`)
      const target = new URL(location)
      return { path: `${target.pathname}${target.search}`, params: target.searchParams }
    },
    close: () => server.stop(),
  }
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = harness.email ? { sub: 'johndoe', email: harness.email } : { sub: 'johndoe' }
  })
  server.service.on(
    'beforeRevoke',
    // The mock parses no form body on /revoke: read the token from the request stream.
    (_response: unknown, req: NodeJS.ReadableStream) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('token')
        if (token) revoked.push(token)
      })
    },
  )
  return harness
}

/** The env that points one provider at the test authorization server and the mail API fakes. */
export function oauthEnv(
  provider: 'gmail' | 'outlook' | 'yahoo',
  auth: Pick<TestAuthServer, 'url'>,
  apis?: { url: string },
): Record<string, string> {
  const p = `OAUTH_${provider.toUpperCase()}_`
  return {
    [`${p}CLIENT_ID`]: `${provider}-client`,
    [`${p}CLIENT_SECRET`]: `${provider}-secret`,
    [`${p}AUTH_URL`]: `${auth.url}/authorize`,
    [`${p}TOKEN_URL`]: `${auth.url}/token`,
    [`${p}REVOKE_URL`]: `${auth.url}/revoke`,
    [`${p}USERINFO_URL`]: `${auth.url}/userinfo`,
    ...(apis ? { [`${p}API_URL`]: apis.url } : {}),
  }
}

/**
 * Connects a mailbox as the browser does: init, consent at the authorization server, and the
 * callback in the same browser. Answers the authorization URL, the callback path and its answer.
 * `agent` is test-app.ts's TestAgent, named by its shape: the e2e suite imports this file too.
 */
export async function connectMailbox<
  Answer extends { statusCode: number; body: string; json<T>(): T },
>(
  agent: {
    post(url: string, payload: unknown): Promise<Answer>
    get(url: string): Promise<Answer>
  },
  auth: Pick<TestAuthServer, 'consent'>,
  provider: 'gmail' | 'outlook' | 'yahoo',
) {
  const init = await agent.post('/api/auth/oauth/init', { provider })
  if (init.statusCode !== 200) throw new Error(`oauth init: ${init.statusCode} ${init.body}`)
  const authUrl = new URL(init.json<{ data: { authUrl: string } }>().data.authUrl)
  const back = await auth.consent(authUrl.toString())
  const callback = await agent.get(back.path)
  return { authUrl, callback: back.path, answer: callback }
}

export type ApiMessage = {
  api: 'gmail' | 'graph'
  token: string
  raw: Buffer
  parsed: ParsedMail
}

export type MailApiFault = { status: number; headers?: Record<string, string>; body?: unknown }

export type TestMailApis = {
  url: string
  messages: ApiMessage[]
  /** Every request's bearer token, accepted or not. */
  requests: Array<{ api: 'gmail' | 'graph'; token: string; status: number }>
  /** The next n sends answer with this fault instead. */
  failNext(fault: MailApiFault, count?: number): void
  close(): Promise<void>
}

/** Graph's single-request limit. */
export const GRAPH_MAX_REQUEST_BYTES = 4 * 1024 * 1024

export async function startTestMailApis(
  verify: (token: string) => Promise<boolean>,
): Promise<TestMailApis> {
  const messages: ApiMessage[] = []
  const requests: TestMailApis['requests'] = []
  const faults: MailApiFault[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks)
        const api =
          req.method === 'POST' &&
          req.url === '/upload/gmail/v1/users/me/messages/send?uploadType=media'
            ? 'gmail'
            : req.method === 'POST' && req.url === '/v1.0/me/sendMail'
              ? 'graph'
              : null
        const answer = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
          if (api) requests.push({ api, token, status })
          res.writeHead(status, {
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          })
          res.end(json === undefined ? undefined : JSON.stringify(json))
        }
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
        if (!api) return answer(404, { error: { code: 'NotFound' } })
        if (!(await verify(token)))
          return answer(401, {
            error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] },
          })
        const fault = faults.shift()
        if (fault)
          return answer(
            fault.status,
            fault.body ?? { error: { code: fault.status } },
            fault.headers,
          )
        if (api === 'gmail') {
          if (req.headers['content-type'] !== 'message/rfc822')
            return answer(400, { error: { code: 400, errors: [{ reason: 'badContent' }] } })
          messages.push({ api, token, raw: body, parsed: await simpleParser(body) })
          return answer(200, {
            id: `gm-${messages.length}`,
            threadId: `th-${messages.length}`,
            labelIds: ['SENT'],
          })
        }
        if (body.length > GRAPH_MAX_REQUEST_BYTES)
          return answer(413, { error: { code: 'RequestEntityTooLarge' } })
        if (!String(req.headers['content-type']).startsWith('text/plain'))
          return answer(415, { error: { code: 'UnsupportedMediaType' } })
        const raw = Buffer.from(body.toString('ascii'), 'base64')
        messages.push({ api, token, raw, parsed: await simpleParser(raw) })
        return answer(202)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    failNext(fault, count = 1) {
      for (let i = 0; i < count; i++) faults.push(fault)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
