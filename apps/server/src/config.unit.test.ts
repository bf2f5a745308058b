import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults for the embedded quick start', () => {
    const c = loadConfig({})
    expect(c.port).toBe(3000)
    expect(c.host).toBe('127.0.0.1')
    expect(c.databaseUrl).toBeUndefined()
    expect(c.dataDir).toMatch(/\/data$/)
    // The same host the server listens on and the admin CLI calls: a link opens with the session.
    expect(c.publicUrl).toBe('http://127.0.0.1:3000')
    expect(c.cookieSecure).toBe(false)
    expect(c.apiDocs).toBe(true)
    expect(c.supportEmail).toBe('support@myodocs.com')
  })

  it('sizes the PDF render pool by the CPU count unless told', () => {
    const cores = availableParallelism()
    expect(loadConfig({}).render).toEqual({
      threads: cores,
      maxQueue: 16 * cores,
      queueBytes: 64 * 1024 * 1024,
      keepWarm: true,
      nice: 0,
    })
    expect(loadConfig({ RENDER_THREADS: '3' }).render).toMatchObject({ threads: 3, maxQueue: 48 })
    expect(loadConfig({ RENDER_THREADS: '3', RENDER_QUEUE: '0' }).render).toMatchObject({
      threads: 3,
      maxQueue: 0,
    })
    expect(loadConfig({ RENDER_QUEUE_MB: '8' }).render.queueBytes).toBe(8 * 1024 * 1024)
    expect(loadConfig({ NODE_ENV: 'test' }).render.keepWarm).toBe(false)
  })

  it('links emailed pages to the address the server listens on unless PUBLIC_URL says', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100')
    expect(loadConfig({ HOST: 'localhost' }).publicUrl).toBe('http://localhost:3000')
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000')
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:3000')
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe(
      'https://app.example.com',
    )
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined()
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SYSTEM_SMTP_URL: 'http://mail' }, 'SYSTEM_SMTP_URL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ RENDER_THREADS: '0' }, 'RENDER_THREADS'],
    [{ RENDER_QUEUE: 'many' }, 'RENDER_QUEUE'],
    [{ SMTP_ALLOW_INSECURE: 'maybe' }, 'SMTP_ALLOW_INSECURE'],
    [{ SMTP_ALLOW_PRIVATE_HOSTS: 'sometimes' }, 'SMTP_ALLOW_PRIVATE_HOSTS'],
    [{ SMTP_EXTRA_PORTS: '2525;2526' }, 'SMTP_EXTRA_PORTS'],
    [{ SMTP_EXTRA_PORTS: '70000' }, 'SMTP_EXTRA_PORTS'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`))
  })

  it('requires APP_SECRET in production and turns on production defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/)
    const c = loadConfig({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) })
    expect(c.cookieSecure).toBe(true)
    expect(c.apiDocs).toBe(false)
    expect(c.host).toBe('0.0.0.0')
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40), API_DOCS: 'true' }).apiDocs,
    ).toBe(true)
  })

  it('keeps mail connections strict in production and refuses SMTP_ALLOW_INSECURE there', () => {
    expect(loadConfig({}).mail).toMatchObject({ allowInsecure: false, allowPrivateHosts: true })
    expect(loadConfig({ SMTP_ALLOW_INSECURE: 'true' }).mail.allowInsecure).toBe(true)
    expect(loadConfig({}).mail.extraPorts).toBeUndefined()
    expect(loadConfig({ SMTP_EXTRA_PORTS: '2525, 40001' }).mail.extraPorts).toEqual([2525, 40001])
    const secret = 's'.repeat(40)
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).mail).toMatchObject({
      allowInsecure: false,
      allowPrivateHosts: false,
    })
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, SMTP_ALLOW_PRIVATE_HOSTS: 'true' })
        .mail.allowPrivateHosts,
    ).toBe(true)
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, SMTP_ALLOW_INSECURE: 'true' }),
    ).toThrow(/SMTP_ALLOW_INSECURE:/)
  })
})

describe('Stripe configuration', () => {
  const prices = {
    STRIPE_PRICE_ESSENTIAL_MONTHLY: 'price_em',
    STRIPE_PRICE_ESSENTIAL_ANNUAL: 'price_ea',
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_pm',
    STRIPE_PRICE_PROFESSIONAL_ANNUAL: 'price_pa',
    STRIPE_PRICE_PREMIUM_MONTHLY: 'price_xm',
    STRIPE_PRICE_PREMIUM_ANNUAL: 'price_xa',
  }

  it('is off without a secret key: payments are not set up', () => {
    expect(loadConfig({}).stripe).toBeNull()
  })

  it('needs the webhook secret and every plan price with a key, naming what is missing', () => {
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ESSENTIAL_MONTHLY: 'price_em' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: is required[\s\S]*STRIPE_PRICE_PREMIUM_ANNUAL: is required/)
  })

  it('reads the prices, the seat prices and the API URL (https only in production)', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      STRIPE_PRICE_SEAT_PREMIUM: 'price_seat',
      ...prices,
    }).stripe
    expect(config).toMatchObject({
      apiUrl: 'http://127.0.0.1:12111',
      prices: { professional: { monthly: 'price_pm', annually: 'price_pa' } },
      seatPrices: { premium: { monthly: 'price_seat' } },
    })
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://stripe.internal',
        ...prices,
      }),
    ).toThrow(/STRIPE_API_URL: must start with https:\/\//)
  })
})
