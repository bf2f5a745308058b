/**
 * /api/custom-exercises: the practice library through app.inject on a real database: create, list,
 * change, remove (with the unit a measured entry is logged in); validation; the practice's members share one library and another practice's
 * entries answer 404; CSRF; audit events.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CUSTOM_EXERCISE_NAME_TAKEN,
  CUSTOM_EXERCISE_NOT_FOUND,
  CUSTOM_EXERCISE_STEPS_REQUIRED,
} from '@myodocs/shared/contracts/custom-exercises'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import { auditEvents, customExercises } from '../../db/schema'
import { createTestApp } from '../../../test/test-app'
import type { TestApp } from '../../../test/test-app'
import { insertAccount, insertMember, signIn } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function signedIn(businessId?: string) {
  const account = businessId
    ? await insertMember(t.database.db, businessId)
    : await insertAccount(t.database.db)
  const agent = t.agent()
  await signIn(agent, account.email)
  return { agent, account }
}

const straw = {
  name: 'Straw whistle',
  categoryId: 'lip_cheek',
  steps: ['Close the lips round the whistle straw.', 'Blow gently for a count of 5.'],
  howMany: '10 times',
  doneRight: 'The whistle sounds and no air escapes at the corners.',
  minutes: 2,
  frequency: '2× daily',
  breathHold: false,
  swallow: false,
  demoLink: 'https://video.example/straw',
}

const entryOf = (res: { json: <T>() => T }) =>
  res.json<{ data: { exercise: CustomExerciseEntry } }>().data.exercise
const listOf = (res: { json: <T>() => T }) =>
  res.json<{ data: { exercises: CustomExerciseEntry[] } }>().data.exercises

describe('the practice library', () => {
  it('adds, lists by name, changes and removes an entry', async () => {
    const { agent } = await signedIn()
    expect(listOf(await agent.get('/api/custom-exercises'))).toEqual([])

    const created = await agent.post('/api/custom-exercises', straw)
    expect(created.statusCode).toBe(200)
    const entry = entryOf(created)
    expect(entry).toMatchObject(straw)
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/)

    const sip = await agent.post('/api/custom-exercises', {
      ...straw,
      name: 'honey sip',
      categoryId: 'swallowing',
      swallow: true,
      demoLink: '',
    })
    expect(sip.statusCode).toBe(200)
    // By name, whatever the case.
    expect(listOf(await agent.get('/api/custom-exercises')).map((e) => e.name)).toEqual([
      'honey sip',
      'Straw whistle',
    ])

    const changed = await agent.put(`/api/custom-exercises/${entry.id}`, {
      ...straw,
      steps: ['Blow gently.'],
      breathHold: true,
      minutes: 3,
      measureUnit: 'seconds',
    })
    expect(changed.statusCode).toBe(200)
    expect(entryOf(changed)).toMatchObject({
      steps: ['Blow gently.'],
      breathHold: true,
      minutes: 3,
      measureUnit: 'seconds',
    })
    // Kept: the list answers it as stored.
    expect(
      listOf(await agent.get('/api/custom-exercises')).find((e) => e.id === entry.id),
    ).toMatchObject({ measureUnit: 'seconds' })
    expect(entryOf(changed).createdAt).toBe(entry.createdAt)

    const removed = await agent.delete(`/api/custom-exercises/${entry.id}`)
    expect(removed.statusCode).toBe(200)
    expect(listOf(removed).map((e) => e.name)).toEqual(['honey sip'])
    expect((await agent.delete(`/api/custom-exercises/${entry.id}`)).statusCode).toBe(404)
  })

  it('fills the optional parts with their defaults and trims the text', async () => {
    const { agent } = await signedIn()
    const res = await agent.post('/api/custom-exercises', {
      name: '  Cheek stretch ',
      categoryId: 'passive',
      steps: [' Stretch the cheek. '],
      minutes: 0,
    })
    expect(res.statusCode).toBe(200)
    expect(entryOf(res)).toMatchObject({
      name: 'Cheek stretch',
      steps: ['Stretch the cheek.'],
      howMany: '',
      doneRight: '',
      frequency: '',
      breathHold: false,
      swallow: false,
      demoLink: '',
      measureUnit: '',
    })
  })

  it('refuses what does not validate, naming the field', async () => {
    const { agent } = await signedIn()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...straw, name: ' ' }, 'name'],
      [{ ...straw, steps: [] }, 'steps'],
      [{ ...straw, steps: ['ok', ''] }, 'steps.1'],
      [{ ...straw, steps: Array(7).fill('step') }, 'steps'],
      [{ ...straw, categoryId: 'custom' }, 'categoryId'],
      [{ ...straw, minutes: 121 }, 'minutes'],
      [{ ...straw, minutes: 1.5 }, 'minutes'],
      [{ ...straw, demoLink: 'http://video.example/straw' }, 'demoLink'],
      [{ ...straw, demoLink: 'javascript:alert(1)' }, 'demoLink'],
      [{ ...straw, name: 'x'.repeat(121) }, 'name'],
      [{ ...straw, doneRight: 'Bad\u0000' }, 'doneRight'],
      [{ ...straw, howMany: 'Ten\u202Etimes' }, 'howMany'],
      [{ ...straw, measureUnit: 'inches' }, 'measureUnit'],
    ]
    for (const [body, field] of cases) {
      const res = await agent.post('/api/custom-exercises', body)
      expect(res.statusCode, field).toBe(400)
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields), field).toContain(
        field,
      )
    }
    const empty = await agent.post('/api/custom-exercises', { ...straw, steps: [] })
    expect(empty.json<{ fields: Record<string, string> }>().fields.steps).toBe(
      CUSTOM_EXERCISE_STEPS_REQUIRED,
    )
    expect(listOf(await agent.get('/api/custom-exercises'))).toEqual([])
  })

  it('documents the unit a measured entry is logged in, and a program’s reading of it, in the OpenAPI', async () => {
    type Schema = {
      properties?: Record<string, Schema>
      items?: Schema
      anyOf?: Schema[]
      enum?: unknown[]
      const?: unknown
    }
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>
      >
    }>()
    const body = (path: string) =>
      doc.paths[path]!.post!.requestBody.content['application/json']!.schema
    const values = (s: Schema): unknown[] =>
      s.anyOf ? s.anyOf.flatMap(values) : (s.enum ?? (s.const === undefined ? [] : [s.const]))
    expect(values(body('/api/custom-exercises').properties!.measureUnit!)).toEqual([
      '',
      'seconds',
      'count',
      'mm',
    ])
    const exercise = body('/api/documents/exercise').properties!.exercises!.items!
    expect(values(exercise.properties!.custom!.properties!.measureUnit!)).toContain('mm')
    expect(JSON.stringify(exercise.properties!.measuredToday)).toContain('9999')
  })

  it('keeps names unique within the practice, whatever the case (409)', async () => {
    const { agent } = await signedIn()
    const first = entryOf(await agent.post('/api/custom-exercises', straw))
    const again = await agent.post('/api/custom-exercises', { ...straw, name: 'STRAW WHISTLE' })
    expect(again.statusCode).toBe(409)
    expect(again.json<{ message: string }>().message).toBe(CUSTOM_EXERCISE_NAME_TAKEN)
    const other = entryOf(await agent.post('/api/custom-exercises', { ...straw, name: 'Other' }))
    expect(
      (await agent.put(`/api/custom-exercises/${other.id}`, { ...straw, name: 'straw whistle' }))
        .statusCode,
    ).toBe(409)
    // Saving an entry under its own name is no clash.
    expect((await agent.put(`/api/custom-exercises/${first.id}`, straw)).statusCode).toBe(200)
  })

  it('is one library for the account holder and every member of the practice', async () => {
    const owner = await signedIn()
    const member = await signedIn(owner.account.businessId)
    const entry = entryOf(await member.agent.post('/api/custom-exercises', straw))
    expect(listOf(await owner.agent.get('/api/custom-exercises')).map((e) => e.id)).toEqual([
      entry.id,
    ])
    const changed = await owner.agent.put(`/api/custom-exercises/${entry.id}`, {
      ...straw,
      frequency: '3× daily',
    })
    expect(changed.statusCode).toBe(200)
    expect(listOf(await member.agent.get('/api/custom-exercises'))[0]!.frequency).toBe('3× daily')
    expect((await member.agent.delete(`/api/custom-exercises/${entry.id}`)).statusCode).toBe(200)
  })

  it("never shows, changes or removes another practice's entries (404)", async () => {
    const mine = await signedIn()
    const theirs = await signedIn()
    const entry = entryOf(await mine.agent.post('/api/custom-exercises', straw))

    expect(listOf(await theirs.agent.get('/api/custom-exercises'))).toEqual([])
    const put = await theirs.agent.put(`/api/custom-exercises/${entry.id}`, {
      ...straw,
      name: 'Taken over',
    })
    expect(put.statusCode).toBe(404)
    expect(put.json<{ message: string }>().message).toBe(CUSTOM_EXERCISE_NOT_FOUND)
    expect((await theirs.agent.delete(`/api/custom-exercises/${entry.id}`)).statusCode).toBe(404)
    expect((await theirs.agent.delete('/api/custom-exercises/not-an-id')).statusCode).toBe(404)
    // The same name is free in another practice.
    expect((await theirs.agent.post('/api/custom-exercises', straw)).statusCode).toBe(200)

    const [row] = await t.database.db
      .select()
      .from(customExercises)
      .where(eq(customExercises.id, entry.id))
    expect(row).toMatchObject({ name: 'Straw whistle', businessId: mine.account.businessId })
  })

  it('needs a session and, to change anything, the CSRF token', async () => {
    const anonymous = t.agent()
    expect((await anonymous.get('/api/custom-exercises')).statusCode).toBe(401)
    expect((await anonymous.post('/api/custom-exercises', straw)).statusCode).toBe(403)

    const { agent } = await signedIn()
    const noToken = await agent.request({
      method: 'POST',
      url: '/api/custom-exercises',
      payload: straw,
      csrf: false,
    })
    expect(noToken.statusCode).toBe(403)
    const entry = entryOf(await agent.post('/api/custom-exercises', straw))
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await agent.request({
        method,
        url: `/api/custom-exercises/${entry.id}`,
        ...(method === 'PUT' ? { payload: straw } : {}),
        csrf: false,
      })
      expect(res.statusCode, method).toBe(403)
    }
    expect(listOf(await agent.get('/api/custom-exercises'))).toHaveLength(1)
  })

  it('audits each change with the entry id only', async () => {
    const { agent, account } = await signedIn()
    const entry = entryOf(await agent.post('/api/custom-exercises', straw))
    await agent.put(`/api/custom-exercises/${entry.id}`, { ...straw, minutes: 4 })
    await agent.delete(`/api/custom-exercises/${entry.id}`)
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, account.id)))
    const ours = rows.filter((r) => r.action.startsWith('custom_exercise.'))
    expect(ours.map((r) => r.action).sort()).toEqual([
      'custom_exercise.create',
      'custom_exercise.delete',
      'custom_exercise.update',
    ])
    for (const row of ours) {
      expect(row.businessId).toBe(account.businessId)
      expect(row.details).toEqual({ customExerciseId: entry.id })
    }
  })
})
