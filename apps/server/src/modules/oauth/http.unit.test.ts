/**
 * The OAuth client against a local token endpoint: what real providers answer and our test
 * authorization server does not (an ID token from another issuer, a redirect, a page of HTML).
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { OAuthProviderConfig } from '../../config-oauth'
import { OAuthHttpError, exchangeCode, refreshGrant } from './http'

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

async function tokenEndpoint(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(answer)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider: OAuthProviderConfig = {
    provider: 'outlook',
    clientId: 'outlook-client',
    clientSecret: 'outlook-secret',
    authorizationUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    revocationUrl: undefined,
    userinfoUrl: `${url}/userinfo`,
    apiUrl: undefined,
    smtp: undefined,
    imap: undefined,
  }
  return provider
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

// An unsigned ID token naming a tenant's issuer, as Microsoft's multi-tenant endpoint answers.
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const foreignIdToken = `${b64({ alg: 'RS256' })}.${b64({
  iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  aud: 'someone-else',
  exp: 1,
  iat: 1,
  sub: 'x',
})}.c2ln`

const grant = {
  code: 'the-code',
  redirectUri: 'http://localhost/callback',
  verifier: 'v'.repeat(43),
}

describe('the OAuth client', () => {
  it('takes a token answer with an ID token it never reads, whatever its issuer', async () => {
    const provider = await tokenEndpoint((_req, res) =>
      json(res, 200, {
        access_token: 'at',
        refresh_token: 'rt',
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email Mail.Send',
        id_token: foreignIdToken,
      }),
    )
    await expect(exchangeCode(provider, grant, 2_000)).resolves.toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      expiresIn: 3600,
      scope: 'openid email Mail.Send',
    })
    await expect(refreshGrant(provider, 'rt', 2_000)).resolves.toMatchObject({ accessToken: 'at' })
  })

  it('classifies a refusal, a redirect and a page that is not OAuth', async () => {
    let answer: (res: ServerResponse) => void = () => {}
    const provider = await tokenEndpoint((_req, res) => answer(res))
    answer = (res) =>
      json(res, 400, { error: 'invalid_grant', error_description: 'AADSTS70008: expired' })
    await expect(refreshGrant(provider, 'rt', 2_000)).rejects.toMatchObject({
      code: 'invalid_grant',
      status: 400,
      description: 'AADSTS70008: expired',
    })
    // A provider never sends our tokens elsewhere by redirecting.
    answer = (res) => {
      res.writeHead(307, { location: 'http://127.0.0.1:9/token' })
      res.end()
    }
    await expect(refreshGrant(provider, 'rt', 2_000)).rejects.toMatchObject({ code: 'network' })
    answer = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html>Bad gateway</html>')
    }
    await expect(refreshGrant(provider, 'rt', 2_000)).rejects.toMatchObject({
      code: 'http_502',
      status: 502,
    })
    answer = (res) => json(res, 200, { token_type: 'Bearer' })
    await expect(refreshGrant(provider, 'rt', 2_000)).rejects.toBeInstanceOf(OAuthHttpError)
  })
})
