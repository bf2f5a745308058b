/** Unit: persistent notifications: sessionStorage, 24 h expiry, dismissed per session. */
import { describe, expect, it } from 'vitest'
import { createNotificationStore, NOTIFICATIONS_STORAGE_KEY } from './notification-store'

const HOUR = 3_600_000

function setup() {
  const map = new Map<string, string>()
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
  let t = 1_000_000
  const clock = { now: () => t, advance: (ms: number) => (t += ms) }
  return { storage, map, clock, store: createNotificationStore(storage, clock.now) }
}

const trial = { id: 'trial', title: 'Trial ends soon', message: 'm', icon: 'warning' as const }

describe('notification store', () => {
  it('shows a notification once, stored in session storage with its session and time', () => {
    const { store, map } = setup()
    store.startSession('user-1')
    store.notify(trial)
    store.notify(trial)
    expect(store.visible()).toHaveLength(1)
    const saved = JSON.parse(map.get(NOTIFICATIONS_STORAGE_KEY)!)
    expect(saved).toEqual([
      {
        ...trial,
        actions: [],
        sessionId: 'user-1',
        createdAt: 1_000_000,
        dismissedInSession: false,
      },
    ])
  })

  it('stacks several, newest last', () => {
    const { store } = setup()
    store.startSession('u')
    store.notify(trial)
    store.notify({ ...trial, id: 'usage', title: 'Usage' })
    expect(store.visible().map((n) => n.id)).toEqual(['trial', 'usage'])
  })

  it('a dismissed notification stays dismissed in the session, also after a reload', () => {
    const { store, storage, clock } = setup()
    store.startSession('u')
    store.notify(trial)
    store.dismiss('trial')
    expect(store.visible()).toEqual([])
    store.notify(trial)
    expect(store.visible()).toEqual([])
    const reloaded = createNotificationStore(storage, clock.now)
    reloaded.startSession('u')
    reloaded.notify(trial)
    expect(reloaded.visible()).toEqual([])
  })

  it('expires after 24 hours when the hourly check runs; then the occasion may show again', () => {
    const { store, clock, map } = setup()
    store.startSession('u')
    store.notify(trial)
    clock.advance(23 * HOUR)
    store.prune()
    expect(store.visible()).toHaveLength(1)
    clock.advance(HOUR)
    store.prune()
    expect(store.visible()).toEqual([])
    expect(JSON.parse(map.get(NOTIFICATIONS_STORAGE_KEY)!)).toEqual([])
    store.notify(trial)
    expect(store.visible()).toHaveLength(1)
  })

  it('another user in the same tab starts clean; Sign Out clears everything', () => {
    const { store, map } = setup()
    store.startSession('alice')
    store.notify(trial)
    store.startSession('bob')
    expect(store.visible()).toEqual([])
    store.notify({ ...trial, id: 'bob-only' })
    store.clear()
    expect(store.visible()).toEqual([])
    expect(map.has(NOTIFICATIONS_STORAGE_KEY)).toBe(false)
    store.notify(trial)
    expect(store.visible()).toEqual([])
  })

  it('tells subscribers only when what is shown changes', () => {
    const { store } = setup()
    let calls = 0
    store.subscribe(() => calls++)
    store.startSession('u')
    store.notify(trial)
    store.notify(trial)
    store.prune()
    expect(calls).toBe(1)
  })

  it('a notice already shown takes the new words, keeping its time and its dismissal', () => {
    const { store, clock } = setup()
    store.startSession('u')
    const usage = {
      id: 'usage',
      title: 'You have used 98%',
      message: '148 of 150',
      icon: 'warning' as const,
    }
    store.notify(usage)
    clock.advance(HOUR)
    store.notify({ ...usage, title: 'You have used 99%', message: '149 of 150' })
    expect(store.visible()).toEqual([
      expect.objectContaining({
        message: '149 of 150',
        title: 'You have used 99%',
        createdAt: 1_000_000,
      }),
    ])
    store.dismiss('usage')
    store.notify({ ...usage, message: '150 of 150' })
    expect(store.visible()).toEqual([])
  })

  it('survives unreadable storage', () => {
    const { storage, map } = setup()
    map.set(NOTIFICATIONS_STORAGE_KEY, '{not json')
    const store = createNotificationStore(storage)
    store.startSession('u')
    store.notify(trial)
    expect(store.visible()).toHaveLength(1)
  })

  it('tells its dismiss listeners which notice was dismissed, until they unsubscribe', () => {
    const { store } = setup()
    store.startSession('user-1')
    store.notify(trial)
    const heard: string[] = []
    const stop = store.onDismiss((id) => heard.push(id))
    store.dismiss('trial')
    stop()
    store.dismiss('trial')
    expect(heard).toEqual(['trial'])
    expect(store.visible()).toEqual([])
  })
})
