// The zh-TW generator: converts leaves, keeps placeholders and key order, applies and polices overrides.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCatalog, convertText, planOutputs, renderJson } from './gen-zh-tw.js';

describe('convertText', () => {
  it('converts simplified to Taiwan traditional with Taiwan wording', () => {
    expect(convertText('用户名或密码错误')).toBe('使用者名稱或密碼錯誤');
    expect(convertText('没有该设备功能的权限')).toBe('沒有該裝置功能的權限');
    expect(convertText('视频流量套餐未开通')).toBe('影像流量方案未開通');
  });

  it('never converts what is inside a placeholder', () => {
    expect(convertText('{{用户}}个设备，{数据}')).toBe('{{用户}}個裝置，{数据}');
    expect(convertText('删除 {{count}} 个用户组？')).toBe('刪除 {{count}} 個使用者群組？');
  });
});

describe('convertCatalog', () => {
  const zhCN = {
    title: '设备列表',
    list: { empty: '暂无数据', count: '共 {{count}} 条', owner: '用户 {name} 的设备' },
    zebra: '网络',
    alpha: '系统',
  };

  it('converts every string leaf and keeps placeholders verbatim', () => {
    expect(convertCatalog(zhCN)).toEqual({
      title: '裝置列表',
      list: { empty: '暫無資料', count: '共 {{count}} 條', owner: '使用者 {name} 的裝置' },
      zebra: '網路',
      alpha: '系統',
    });
  });

  it('keeps the key order of the zh-CN source', () => {
    const result = convertCatalog(zhCN);
    expect(Object.keys(result)).toEqual(['title', 'list', 'zebra', 'alpha']);
    expect(Object.keys(result.list as object)).toEqual(['empty', 'count', 'owner']);
  });

  it('applies nested and dotted overrides in place of the conversion', () => {
    const result = convertCatalog(zhCN, { title: '攝影機清單', 'list.empty': '目前沒有資料' });
    expect(result.title).toBe('攝影機清單');
    expect(result.list).toEqual({ empty: '目前沒有資料', count: '共 {{count}} 條', owner: '使用者 {name} 的裝置' });
    expect(convertCatalog(zhCN, { list: { count: '共 {{count}} 筆' } }).list).toMatchObject({
      count: '共 {{count}} 筆',
    });
  });

  it('rejects an override that matches no key', () => {
    expect(() => convertCatalog(zhCN, { 'list.missing': '不存在' })).toThrow(/list\.missing/);
  });

  it('renders stable pretty JSON with a trailing newline', () => {
    const text = renderJson(convertCatalog(zhCN));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "title": "裝置列表",\n');
    expect(renderJson(JSON.parse(text))).toBe(text);
  });
});

describe('planOutputs', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'gen-zh-tw-'));
    made.push(dir);
    mkdirSync(join(dir, 'packages/contracts/src/messages'), { recursive: true });
    writeFileSync(join(dir, 'packages/contracts/src/messages/zh-CN.json'), '{"code.1":"成功"}');
    return dir;
  };

  it('plans only the server catalogue while the web has no zh-CN folder', () => {
    const outputs = planOutputs(root());
    expect(outputs.map((o) => o.path.split('/').slice(-2).join('/'))).toEqual(['messages/zh-TW.json']);
    expect(outputs[0]?.content).toBe('{\n  "code.1": "成功"\n}\n');
  });

  it('converts each web namespace with its own overrides', () => {
    const dir = root();
    const web = join(dir, 'apps/web/src/i18n/locales');
    mkdirSync(join(web, 'zh-CN'), { recursive: true });
    writeFileSync(join(web, 'zh-CN/device.json'), '{"list":{"title":"设备列表"}}');
    writeFileSync(join(web, 'zh-CN/common.json'), '{"ok":"确定"}');
    writeFileSync(join(web, 'zh-TW.overrides.json'), '{"device":{"list.title":"攝影機清單"}}');
    const byName = Object.fromEntries(planOutputs(dir).map((o) => [o.path.slice(dir.length + 1), o.content]));
    expect(byName['apps/web/src/i18n/locales/zh-TW/device.json']).toBe(renderJson({ list: { title: '攝影機清單' } }));
    expect(byName['apps/web/src/i18n/locales/zh-TW/common.json']).toBe(renderJson({ ok: '確定' }));
  });
});
