import type { ContactImportUploadResponse, ImportColumnTarget } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { anImport } from '../test/fixtures';
import {
  columnProblems,
  initialColumns,
  keyFromHeader,
  newFieldKeys,
  toMapping,
  type ImportColumn,
} from './import-columns';

function anUpload(
  header: string[],
  suggested: ImportColumnTarget[],
  remembered: ImportColumnTarget[] | null = null,
): ContactImportUploadResponse {
  return {
    import: anImport({ header }),
    preview: [header.map(() => 'x')],
    suggestedMapping: suggested,
    rememberedMapping: remembered,
  };
}

const column = (choice: ImportColumn['choice'], newKey = ''): ImportColumn => ({ name: 'Col', choice, newKey });

describe('the import columns', () => {
  it('start from the mapping remembered from the last import, else from the server’s guess', () => {
    const header = ['Phone', 'Name', 'City'];
    expect(initialColumns(anUpload(header, ['number', 'name', 'ignore']), ['city']).map((c) => c.choice)).toEqual([
      'number',
      'name',
      'ignore',
    ]);
    const remembered = anUpload(header, ['number', 'name', 'ignore'], ['number', 'ignore', 'field:city']);
    expect(initialColumns(remembered, ['city']).map((c) => c.choice)).toEqual(['number', 'ignore', 'field:city']);
    // A remembered custom field the workspace has removed since is not offered.
    expect(initialColumns(remembered, []).map((c) => c.choice)).toEqual(['number', 'ignore', 'ignore']);
  });

  it('offer a key for a new custom field made from the header', () => {
    expect(keyFromHeader('Customer ID')).toBe('customer_id');
    expect(keyFromHeader('Ville (Gemeinde)')).toBe('ville_gemeinde');
    expect(keyFromHeader('Prénom')).toBe('prenom');
    expect(keyFromHeader('2nd line')).toBe('field_2nd_line');
    expect(keyFromHeader('الهاتف')).toBe('');
    expect(keyFromHeader('x'.repeat(40))).toHaveLength(32);
  });

  it('need exactly one number column', () => {
    expect(columnProblems([column('name')], []).mapping).toBe('needNumber');
    expect(columnProblems([column('number'), column('number')], []).mapping).toBe('oneNumber');
    expect(columnProblems([column('number'), column('name')], []).mapping).toBeNull();
  });

  it('check the keys of new custom fields: format, reserved, twice, the workspace’s limit of 20', () => {
    const problems = columnProblems(
      [
        column('number'),
        column('newField', 'Bad Key'),
        column('newField', 'phone'),
        column('newField', 'city'),
        column('newField', 'city'),
      ],
      [],
    );
    expect(problems.columns.get(1)).toEqual({ kind: 'keyInvalid' });
    expect(problems.columns.get(2)).toEqual({ kind: 'keyReserved', key: 'phone' });
    expect(problems.columns.has(3)).toBe(false);
    expect(problems.columns.get(4)).toEqual({ kind: 'keyTwice', key: 'city' });

    const twenty = Array.from({ length: 20 }, (_, i) => `f${i}`);
    expect(columnProblems([column('number'), column('newField', 'extra')], twenty).mapping).toBe('tooManyFields');
    // A "new" key the workspace already has is that field: nothing to make, no limit passed.
    expect(columnProblems([column('number'), column('newField', 'f1')], twenty).mapping).toBeNull();
  });

  it('become the start’s mapping, new fields as field:<key>, made once each', () => {
    const columns = [column('number'), column('newField', ' customer_id '), column('field:city'), column('ignore')];
    expect(toMapping(columns)).toEqual(['number', 'field:customer_id', 'field:city', 'ignore']);
    expect(newFieldKeys([...columns, column('newField', 'customer_id'), column('newField', 'city')], ['city'])).toEqual(
      ['customer_id'],
    );
  });
});
