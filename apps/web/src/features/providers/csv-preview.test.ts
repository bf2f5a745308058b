/**
 * The import's preview numbers rows as the server does (the header is row 1, a quoted line break
 * stays in its cell, blank rows keep their number), so each server error lands on its row.
 */
import { describe, expect, it } from 'vitest'
import { csvRecords, previewCsv, rowErrors } from './csv-preview'

describe('the CSV preview', () => {
  it('reads quoted commas, doubled quotes and line breaks inside a cell', () => {
    expect(csvRecords('a,"b, c","say ""hi""","1 Elm St\r\nSalem"\r\nx,y\n')).toEqual([
      ['a', 'b, c', 'say "hi"', '1 Elm St\r\nSalem'],
      ['x', 'y'],
    ])
  })

  it('numbers rows as a spreadsheet does and names columns as the server reads them', () => {
    const preview = previewCsv(
      '\uFEFFName,E-mail,Specialty\nAvery Lin,avery@ent.test,ENT\n,,\n"Okafor, Riley",,"sleep\nmedicine"\nJordan,,slp',
    )
    expect(preview.columns).toEqual(['name', 'email', 'specialty'])
    expect(preview.rows).toEqual([
      { row: 2, cells: { name: 'Avery Lin', email: 'avery@ent.test', specialty: 'ENT' } },
      { row: 4, cells: { name: 'Okafor, Riley', email: '', specialty: 'sleep\nmedicine' } },
      { row: 5, cells: { name: 'Jordan', email: '', specialty: 'slp' } },
    ])
  })

  it('groups the server’s messages by row', () => {
    const errors = rowErrors({
      'rows.4.email': 'Email is invalid',
      'rows.4.specialty': 'Specialty is required',
      'rows.7': 'Row 7 has 9 cells but the header names 8 columns',
      other: 'ignored',
    })
    expect(errors.get(4)).toEqual([
      { field: 'email', message: 'Email is invalid' },
      { field: 'specialty', message: 'Specialty is required' },
    ])
    expect(errors.get(7)).toEqual([
      { field: null, message: 'Row 7 has 9 cells but the header names 8 columns' },
    ])
  })
})
