// Checks the hand-written Kysely table types (apps/server/src/db/schema.ts) against the database the migrations build.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';

/** What a TypeScript column type says: the selected value's kinds, null allowed, insert may omit it. */
export interface DeclaredColumn {
  kinds: string[];
  nullable: boolean;
  generated: boolean;
}

/** One column as the migrated database has it. */
export interface MigratedColumn {
  table: string;
  column: string;
  nullable: boolean;
  dataType: string;
  udtName: string;
  hasDefault: boolean;
}

export type Tables<C> = Map<string, Map<string, C>>;

const SCHEMA_FILE = fileURLToPath(new URL('../apps/server/src/db/schema.ts', import.meta.url));

// Kysely's own bookkeeping, not ours to type.
const IGNORED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

// bigint is read as a number on purpose (database.ts parses int8); numeric stays a string so money keeps its digits.
const KIND_OF_TYPE: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  inet: 'string',
  numeric: 'string',
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  date: 'Date',
  json: 'unknown',
  jsonb: 'unknown',
  bytea: 'Buffer',
};

const KIND_OF_ELEMENT: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  uuid: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
};

/** The TypeScript kind a migrated column is read as; arrays by their element's udt name (`_int8`). */
export function expectedKind(column: Pick<MigratedColumn, 'dataType' | 'udtName'>): string | undefined {
  if (column.dataType === 'ARRAY') {
    const element = KIND_OF_ELEMENT[column.udtName.replace(/^_/, '')];
    return element && `${element}[]`;
  }
  return KIND_OF_TYPE[column.dataType];
}

/** Reads `interface Database` and the table types it names, by syntax: no type checker, no import of the file. */
export function declaredTables(source: string, fileName = 'schema.ts'): Tables<DeclaredColumn> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeNode>();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
  }
  const database = interfaces.get('Database');
  if (!database) throw new Error(`${fileName}: no interface Database`);

  const tables: Tables<DeclaredColumn> = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = propertyName(member.name);
    const members = tableMembers(member.type, interfaces, fileName, table);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns.set(propertyName(column.name), describe(column.type, aliases));
    }
    tables.set(table, columns);
  }
  return tables;
}

function tableMembers(
  type: ts.TypeNode,
  interfaces: Map<string, ts.InterfaceDeclaration>,
  fileName: string,
  table: string,
): ts.NodeArray<ts.TypeElement> {
  if (ts.isTypeLiteralNode(type)) return type.members;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const found = interfaces.get(type.typeName.text);
    if (found) return found.members;
  }
  throw new Error(`${fileName}: Database.${table} is neither an object type nor an interface of this file`);
}

function propertyName(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  throw new Error(`unsupported property name ${name.getText()}`);
}

const KEYWORD_KIND = new Map<ts.SyntaxKind, string>([
  [ts.SyntaxKind.StringKeyword, 'string'],
  [ts.SyntaxKind.NumberKeyword, 'number'],
  [ts.SyntaxKind.BooleanKeyword, 'boolean'],
  [ts.SyntaxKind.UnknownKeyword, 'unknown'],
]);

function describe(type: ts.TypeNode, aliases: Map<string, ts.TypeNode>): DeclaredColumn {
  const kinds = new Set<string>();
  let nullable = false;
  let generated = false;
  const visit = (node: ts.TypeNode): void => {
    if (ts.isParenthesizedTypeNode(node)) return visit(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.forEach(visit);
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) nullable = true;
      else if (ts.isStringLiteral(node.literal)) kinds.add('string');
      else if (ts.isNumericLiteral(node.literal)) kinds.add('number');
      else kinds.add('boolean');
      return;
    }
    if (ts.isArrayTypeNode(node)) {
      const element = describe(node.elementType, aliases);
      for (const kind of element.kinds) kinds.add(`${kind}[]`);
      return;
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const [first] = node.typeArguments ?? [];
      // Generated<T> may be left out of an insert; ColumnType<Select, Insert, Update> is read as Select.
      if (name === 'Generated' && first) {
        generated = true;
        return visit(first);
      }
      if (name === 'ColumnType' && first) return visit(first);
      const alias = aliases.get(name);
      if (alias) return visit(alias);
      kinds.add(name);
      return;
    }
    if (node.kind === ts.SyntaxKind.UndefinedKeyword) return;
    kinds.add(KEYWORD_KIND.get(node.kind) ?? node.getText());
  };
  visit(type);
  return { kinds: [...kinds].sort(), nullable, generated };
}

/** Every difference between the declared tables and the migrated ones, one readable line each. */
export function compareTables(declared: Tables<DeclaredColumn>, migrated: Tables<MigratedColumn>): string[] {
  const problems: string[] = [];
  for (const table of migrated.keys()) {
    if (!declared.has(table)) problems.push(`table ${table} is in the database but not in Database`);
  }
  for (const [table, columns] of declared) {
    const actual = migrated.get(table);
    if (!actual) {
      problems.push(`table ${table} is in Database but no migration creates it`);
      continue;
    }
    for (const column of actual.keys()) {
      if (!columns.has(column)) problems.push(`${table}.${column} is in the database but not declared`);
    }
    for (const [name, column] of columns) {
      const real = actual.get(name);
      if (!real) {
        problems.push(`${table}.${name} is declared but the database has no such column`);
        continue;
      }
      problems.push(...compareColumn(`${table}.${name}`, column, real));
    }
  }
  return problems;
}

function compareColumn(where: string, declared: DeclaredColumn, real: MigratedColumn): string[] {
  const problems: string[] = [];
  if (declared.nullable !== real.nullable) {
    problems.push(
      `${where} is ${real.nullable ? 'nullable' : 'not null'} in the database but declared ${declared.nullable ? 'with' : 'without'} null`,
    );
  }
  const kind = expectedKind(real);
  const sqlType = real.dataType === 'ARRAY' ? `${real.udtName.replace(/^_/, '')}[]` : real.dataType;
  if (!kind) {
    problems.push(`${where} has SQL type ${sqlType}, which this check does not map yet (add it to KIND_OF_TYPE)`);
  } else if (kind !== 'unknown' && (declared.kinds.length !== 1 || declared.kinds[0] !== kind)) {
    problems.push(`${where} is ${sqlType} (read as ${kind}) but declared as ${declared.kinds.join(' | ')}`);
  }
  // An insert that leaves out a not-null column with no default fails in SQL, whatever the type allowed.
  if (declared.generated && !real.hasDefault && !real.nullable) {
    problems.push(`${where} is Generated<…> but the database has no default for it`);
  }
  return problems;
}

/** Columns of every table the migrations make in a fresh in-memory database; partitions count as their parent. */
export async function migratedTables(): Promise<Tables<MigratedColumn>> {
  const db = await openDatabase({ pgliteDir: 'memory' });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
      data_type: string;
      udt_name: string;
      column_default: string | null;
      is_identity: 'YES' | 'NO';
    }>`
      select c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name, c.column_default, c.is_identity
      from information_schema.columns c
      join pg_catalog.pg_namespace n on n.nspname = c.table_schema
      join pg_catalog.pg_class k on k.relnamespace = n.oid and k.relname = c.table_name
      where c.table_schema = current_schema() and k.relkind in ('r', 'p') and not k.relispartition
      order by c.table_name, c.ordinal_position`.execute(db);
    const tables: Tables<MigratedColumn> = new Map();
    for (const row of rows) {
      if (IGNORED_TABLES.has(row.table_name)) continue;
      const columns = tables.get(row.table_name) ?? new Map<string, MigratedColumn>();
      columns.set(row.column_name, {
        table: row.table_name,
        column: row.column_name,
        nullable: row.is_nullable === 'YES',
        dataType: row.data_type,
        udtName: row.udt_name,
        hasDefault: row.column_default != null || row.is_identity === 'YES',
      });
      tables.set(row.table_name, columns);
    }
    return tables;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<number> {
  const declared = declaredTables(readFileSync(SCHEMA_FILE, 'utf8'), 'apps/server/src/db/schema.ts');
  const problems = compareTables(declared, await migratedTables());
  if (problems.length > 0) {
    console.error('apps/server/src/db/schema.ts does not match the migrations:');
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  console.log(`schema.ts matches the migrations (${declared.size} tables)`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
