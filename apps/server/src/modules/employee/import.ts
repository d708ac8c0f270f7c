// Staff import from an .xlsx or .csv file: every row is checked by the same rules as
// the add form and added on its own, and the report says which rows were refused and why.
import { readSheet } from 'read-excel-file/node';
import { z } from 'zod';
import {
  email,
  issueProblem,
  loginName,
  mobile,
  passwordProblem,
  personName,
  translate,
  type ImportReport,
  type IssueLike,
  type Language,
} from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { uploadRefused } from '../../http/upload.js';
import type { Principal } from '../../http/auth.js';
import { roleRepo } from '../role/repo.js';
import type { EmployeeService } from './service.js';

export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Header names understood, in English and Chinese, mapped to fields. */
const COLUMNS: Record<string, 'loginName' | 'name' | 'password' | 'roles' | 'mobile' | 'email' | 'department'> = {
  loginname: 'loginName',
  登录名: 'loginName',
  登錄名: 'loginName',
  name: 'name',
  姓名: 'name',
  password: 'password',
  密码: 'password',
  密碼: 'password',
  roles: 'roles',
  角色: 'roles',
  mobile: 'mobile',
  手机: 'mobile',
  手機: 'mobile',
  email: 'email',
  邮箱: 'email',
  郵箱: 'email',
  department: 'department',
  部门: 'department',
  部門: 'department',
};
const REQUIRED = ['loginName', 'name', 'password', 'roles'] as const;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const RowSchema = z.object({
  loginName: loginName(),
  name: personName(),
  password: z.string(),
  roles: z.string().min(1, { error: 'validation.required' }),
  mobile: optional(mobile()),
  email: optional(email()),
  department: optional(z.string().trim().max(32, { error: 'validation.tooLong' })),
});

/** Cells of the first sheet (xlsx) or of the text (csv, UTF-8), as strings. */
export async function readTable(file: Buffer): Promise<string[][]> {
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) {
    try {
      const rows = await readSheet(file);
      return rows.map((row) =>
        row.map((cell) => (cell == null ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim())),
      );
    } catch {
      throw uploadRefused('import.format');
    }
  }
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  // Text only: a NUL or a replacement character means it was not UTF-8 text.
  if (text.includes('\0') || text.includes('\uFFFD')) throw uploadRefused('import.format');
  return parseCsv(text);
}

/** RFC 4180 CSV: quoted fields with doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field.trim());
    if (row.some((f) => f !== '')) rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  endRow();
  return rows;
}

export async function importEmployees(
  deps: { db: Db; employees: EmployeeService },
  caller: Principal,
  file: Buffer,
  lang: Language,
): Promise<ImportReport> {
  const table = await readTable(file);
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw uploadRefused('import.empty');
  if (rows.length > IMPORT_MAX_ROWS) throw uploadRefused('import.tooMany', { max: IMPORT_MAX_ROWS });
  const fields = header.map((h) => COLUMNS[h.replace(/\s/g, '').toLowerCase()] ?? COLUMNS[h.trim()]);
  if (REQUIRED.some((f) => !fields.includes(f))) throw uploadRefused('import.columns');

  const roleIdByName = new Map((await roleRepo.list(deps.db, caller.enterpriseId)).map((r) => [r.role_name, r.id]));
  const seen = new Set<string>();
  const report: ImportReport = { added: 0, refused: [] };

  for (const [index, cells] of rows.entries()) {
    const rowNumber = index + 2; // the header is row 1
    const raw = Object.fromEntries(fields.flatMap((f, i) => (f ? [[f, cells[i] ?? '']] : [])));
    const refuse = (reason: string) =>
      report.refused.push({ row: rowNumber, loginName: raw.loginName || null, reason });
    const parsed = RowSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const problem = issueProblem(issue as IssueLike);
      refuse(
        translate(lang, 'param.error', {
          field: String(issue.path[0]),
          reason: translate(lang, problem.key, problem.params),
        }),
      );
      continue;
    }
    const row = parsed.data;
    const key = row.loginName.toLowerCase();
    if (seen.has(key)) {
      refuse(translate(lang, 'import.duplicate'));
      continue;
    }
    seen.add(key);
    const problem = passwordProblem(row.password);
    if (problem) {
      refuse(translate(lang, 'param.error', { field: 'password', reason: translate(lang, problem) }));
      continue;
    }
    const roleNames = row.roles
      .split(/[;,，；、]/)
      .map((r) => r.trim())
      .filter(Boolean);
    const unknown = roleNames.find((r) => !roleIdByName.has(r));
    if (unknown !== undefined || roleNames.length === 0) {
      refuse(translate(lang, 'import.unknownRole', { role: unknown ?? '' }));
      continue;
    }
    try {
      await deps.employees.create(caller, { ...row, roleIds: roleNames.map((r) => roleIdByName.get(r)!) });
      report.added++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refuse(
        err.details.messageKey
          ? translate(lang, err.details.messageKey, err.details.params)
          : translate(lang, `code.${err.code}`),
      );
    }
  }
  return report;
}
