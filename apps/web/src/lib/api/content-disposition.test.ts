// File names of blob downloads, read from Content-Disposition the way browsers do.
import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition as name } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('reads quoted, bare and RFC 5987 names, preferring filename*', () => {
    expect(name('attachment; filename="report 2024.xlsx"')).toBe('report 2024.xlsx');
    expect(name('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(name("attachment; filename*=UTF-8''%E5%BD%95%E5%83%8F.mp4")).toBe('录像.mp4');
    expect(name(`attachment; filename="fallback.mp4"; filename*=utf-8''%E9%8C%84%E5%BD%B1.mp4`)).toBe('錄影.mp4');
    expect(name('attachment; filename="a \\"quoted\\" name.txt"')).toBe('a "quoted" name.txt');
    expect(name('attachment; filename=%E4%B8%AD.txt')).toBe('中.txt');
  });

  it('returns nothing for a missing header or name and strips folders', () => {
    expect(name(null)).toBeUndefined();
    expect(name('inline')).toBeUndefined();
    expect(name('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(name('attachment; filename=".."')).toBeUndefined();
  });
});
