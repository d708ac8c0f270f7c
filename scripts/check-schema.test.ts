// The schema check: reads table types by syntax and names each way they part from the migrated columns.
import { describe, expect, it } from 'vitest';
import { compareTables, declaredTables, type MigratedColumn, type Tables } from './check-schema.js';

const SOURCE = `
import type { ColumnType, Generated } from 'kysely';
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;
export interface DeviceTable {
  id: Id;
  dev_type: 'IPC' | 'NVR';
  registered_at: Timestamp | null;
  cost: ColumnType<string, string | number | undefined, string | number>;
  modules: Generated<string[]>;
}
export interface Database {
  device: DeviceTable;
  device_tag: { tag_id: number; device_id: number };
}
`;

function migrated(rows: [string, string, string, boolean, boolean?, string?][]): Tables<MigratedColumn> {
  const tables: Tables<MigratedColumn> = new Map();
  for (const [table, column, dataType, nullable, hasDefault = false, udtName = dataType] of rows) {
    const columns = tables.get(table) ?? new Map<string, MigratedColumn>();
    columns.set(column, { table, column, dataType, udtName, nullable, hasDefault });
    tables.set(table, columns);
  }
  return tables;
}

const MATCHING: [string, string, string, boolean, boolean?, string?][] = [
  ['device', 'id', 'bigint', false, true],
  ['device', 'dev_type', 'text', false],
  ['device', 'registered_at', 'timestamp with time zone', true],
  ['device', 'cost', 'numeric', false, true],
  ['device', 'modules', 'ARRAY', false, true, '_text'],
  ['device_tag', 'tag_id', 'bigint', false],
  ['device_tag', 'device_id', 'bigint', false],
];

describe('schema check', () => {
  it('reads aliases, Generated, ColumnType, literal unions and inline tables', () => {
    const tables = declaredTables(SOURCE);
    expect([...tables.keys()]).toEqual(['device', 'device_tag']);
    expect(tables.get('device')?.get('id')).toEqual({ kinds: ['number'], nullable: false, generated: true });
    expect(tables.get('device')?.get('dev_type')).toEqual({ kinds: ['string'], nullable: false, generated: false });
    expect(tables.get('device')?.get('registered_at')).toEqual({ kinds: ['Date'], nullable: true, generated: false });
    expect(tables.get('device')?.get('modules')).toEqual({ kinds: ['string[]'], nullable: false, generated: true });
  });

  it('finds nothing when the declared tables match the database', () => {
    expect(compareTables(declaredTables(SOURCE), migrated(MATCHING))).toEqual([]);
  });

  it('names a renamed column, a lost null, a changed type and a default the database lacks', () => {
    const drifted = MATCHING.map((row): [string, string, string, boolean, boolean?, string?] => {
      if (row[1] === 'dev_type') return ['device', 'device_type', 'text', false];
      if (row[1] === 'registered_at') return ['device', 'registered_at', 'timestamp with time zone', false];
      if (row[1] === 'tag_id') return ['device_tag', 'tag_id', 'text', false];
      if (row[1] === 'modules') return ['device', 'modules', 'ARRAY', false, false, '_text'];
      return row;
    });
    expect(compareTables(declaredTables(SOURCE), migrated(drifted))).toEqual([
      'device.device_type is in the database but not declared',
      'device.dev_type is declared but the database has no such column',
      'device.registered_at is not null in the database but declared with null',
      'device.modules is Generated<…> but the database has no default for it',
      'device_tag.tag_id is text (read as string) but declared as number',
    ]);
  });

  it('names tables found on one side only', () => {
    const rows = [...MATCHING.filter((row) => row[0] !== 'device_tag'), ['record_tag', 'tag_id', 'bigint', false]];
    expect(compareTables(declaredTables(SOURCE), migrated(rows as typeof MATCHING))).toEqual([
      'table record_tag is in the database but not in Database',
      'table device_tag is in Database but no migration creates it',
    ]);
  });
});
