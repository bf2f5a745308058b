/** At most two sends in flight per mailbox; a third waits its turn, other mailboxes do not. */
import { describe, expect, it } from 'vitest'
import { MAX_SENDS_IN_FLIGHT_PER_MAILBOX, inMailboxTurn, mailboxGateCount } from './delivery'

describe('inMailboxTurn', () => {
  it('keeps at most two sends of one mailbox running, runs every one, and never holds other mailboxes', async () => {
    const running = new Map<string, number>()
    const peak = new Map<string, number>()
    const order: string[] = []
    const release: Array<() => void> = []
    const work = (mailbox: string, name: string) =>
      inMailboxTurn(mailbox, async () => {
        running.set(mailbox, (running.get(mailbox) ?? 0) + 1)
        peak.set(mailbox, Math.max(peak.get(mailbox) ?? 0, running.get(mailbox)!))
        order.push(name)
        await new Promise<void>((resolve) => release.push(resolve))
        running.set(mailbox, running.get(mailbox)! - 1)
        return name
      })
    const sends = ['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => work('a', n))
    const other = work('b', 'b1')
    await new Promise((r) => setTimeout(r, 10))
    expect(order).toEqual(['a1', 'a2', 'b1'])
    while (release.length) {
      release.shift()!()
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(await Promise.all(sends)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5'])
    expect(await other).toBe('b1')
    expect(order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5'])
    expect(peak.get('a')).toBe(MAX_SENDS_IN_FLIGHT_PER_MAILBOX)
    // A mailbox with nothing running or waiting keeps no limiter behind.
    expect(mailboxGateCount()).toBe(0)
  })

  it('passes the turn on when a send throws', async () => {
    await expect(inMailboxTurn('c', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    await expect(inMailboxTurn('c', async () => 'next')).resolves.toBe('next')
    expect(mailboxGateCount()).toBe(0)
  })

  it('runs a mailbox’s waiting sends in the order they arrived, even when an earlier one fails', async () => {
    const started: number[] = []
    const sends = [1, 2, 3, 4, 5].map((n) =>
      inMailboxTurn('d', async () => {
        started.push(n)
        await new Promise((r) => setTimeout(r, 5))
        if (n === 1) throw new Error('refused')
        return n
      }),
    )
    const results = await Promise.allSettled(sends)
    expect(started).toEqual([1, 2, 3, 4, 5])
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    expect(mailboxGateCount()).toBe(0)
  })
})
