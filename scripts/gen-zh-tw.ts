// Generates every zh-TW catalogue from its zh-CN source (OpenCC cn → twp, Taiwan phrases, per-key overrides); `--check` only compares.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as OpenCC from 'opencc-js';

/** A catalogue: flat (server, `code.1001`) or nested (web namespaces); leaves are strings. */
export type Catalog = { [key: string]: string | Catalog };

export interface Output {
  path: string;
  content: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Whole-phrase wording cn → twp still gets wrong for Taiwan readers, fixed wherever it occurs so the
 * per-key overrides stay few (conventions §11). Longest phrase wins, so 用户组 beats 用户.
 */
export const TW_PHRASES: Readonly<Record<string, string>> = {
  权限: '權限', // twp gives 許可權
  参数: '參數', // twp gives 引數, a programming term
  当前: '目前',
  用户组: '使用者群組', // twp gives 使用者組
  账号: '帳號', // twp keeps 賬號, the mainland traditional form
  数字通道: '數位通道', // digital is 數位 in Taiwan
  视频: '影像', // twp gives 影片 (a film); camera video is 影像
  套餐: '方案',
  消息: '訊息',
  获取: '取得',
  配置: '設定', // a device's configuration is its 設定 in Taiwan
  类型: '類型', // twp gives 型別, a programming term
  抓拍: '快照',
  邮箱: '電子郵件',
  计划: '計畫', // twp gives 計劃; Taiwan writes 計畫 (錄影計畫)
  摄像机: '攝影機', // twp keeps 攝像機 inside 網路攝像機
  摄像头: '攝影機',
  登录名: '登入名稱', // twp gives the clipped 登入名
  超时: '逾時', // twp gives 超時
  码流: '串流', // 主串流/子串流; 碼流 is mainland-only
  视频流: '影像串流',
  视频流量: '影像流量', // a data allowance, not a stream: keeps 视频流 from matching
  流媒体: '串流媒體',
  客户端: '用戶端', // twp gives 客戶端 (and 用户端 would become 使用者端)
  标签页: '分頁', // a browser-style tab
  工具栏: '工具列',
  下划线: '底線',
  选中: '選取',
  检测: '偵測', // as in 動態偵測, 人形偵測
  重置: '重設',
  匹配: '相符',
  无法恢复: '無法復原',
  恢复默认: '還原預設',
  重新发送: '重新傳送', // twp gives 發送 here but 傳送 everywhere else
  不在线: '不在線上', // twp gives 不線上
  重连: '重新連線',
  分屏: '分割畫面',
  运营: '營運',
  上报: '回報', // a device reporting in
};

// i18next `{{count}}` and server `{field}` placeholders are code, not text: never converted.
const PLACEHOLDER = /\{\{[^{}]*\}\}|\{[^{}]*\}/g;
const PHRASE = new RegExp(
  Object.keys(TW_PHRASES)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);
// Private-use characters: OpenCC has no mapping for them, so a masked span passes through unchanged.
const MASKED = /\uE000(\d+)\uE001/g;
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'twp' });

/** Converts one message, keeping placeholders verbatim and applying TW_PHRASES. */
export function convertText(text: string): string {
  const kept: string[] = [];
  const mask = (value: string) => `\uE000${kept.push(value) - 1}\uE001`;
  const masked = text.replace(PLACEHOLDER, mask).replace(PHRASE, (phrase) => mask(TW_PHRASES[phrase] ?? phrase));
  return toTaiwan(masked).replace(MASKED, (_, index: string) => kept[Number(index)] ?? '');
}

/**
 * Converts every string leaf in key order. Overrides replace a converted leaf whole; they may be nested
 * like the catalogue or use dotted paths. An override matching no key throws, so a renamed key cannot
 * leave a silent, stale override behind.
 */
export function convertCatalog(zhCN: Catalog, overrides: Catalog = {}): Catalog {
  const fixes = flatten(overrides);
  const used = new Set<string>();
  const walk = (node: Catalog, prefix: string): Catalog =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        const path = prefix + key;
        if (typeof value !== 'string') return [key, walk(value, `${path}.`)];
        const fix = fixes.get(path);
        if (fix === undefined) return [key, convertText(value)];
        used.add(path);
        return [key, fix];
      }),
    );
  const result = walk(zhCN, '');
  const stale = [...fixes.keys()].filter((path) => !used.has(path));
  if (stale.length > 0) throw new Error(`zh-TW overrides match no zh-CN key: ${stale.join(', ')}`);
  return result;
}

/** Pretty JSON, 2-space indent, trailing newline: what Prettier leaves alone, so reruns are stable. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Every zh-TW file that should exist and its content, computed without writing anything. */
export function planOutputs(root: string = ROOT): Output[] {
  const server = join(root, 'packages/contracts/src/messages');
  const outputs: Output[] = [
    {
      path: join(server, 'zh-TW.json'),
      content: renderJson(
        convertCatalog(readCatalog(join(server, 'zh-CN.json')), readCatalog(join(server, 'zh-TW.overrides.json'), {})),
      ),
    },
  ];
  // The web catalogues may not exist yet; without a zh-CN folder there is nothing to convert.
  const web = join(root, 'apps/web/src/i18n/locales');
  if (!existsSync(join(web, 'zh-CN'))) return outputs;
  const overrides = readCatalog(join(web, 'zh-TW.overrides.json'), {});
  const namespaces = readdirSync(join(web, 'zh-CN'))
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of namespaces) {
    const namespace = basename(file, '.json');
    const own = overrides[namespace] ?? {};
    if (typeof own === 'string') throw new Error(`zh-TW.overrides.json: "${namespace}" must be an object`);
    outputs.push({
      path: join(web, 'zh-TW', file),
      content: renderJson(convertCatalog(readCatalog(join(web, 'zh-CN', file)), own)),
    });
  }
  const unknown = Object.keys(overrides).filter((namespace) => !namespaces.includes(`${namespace}.json`));
  if (unknown.length > 0) throw new Error(`zh-TW.overrides.json names no zh-CN namespace: ${unknown.join(', ')}`);
  return outputs;
}

function readCatalog(path: string, missing?: Catalog): Catalog {
  if (missing && !existsSync(path)) return missing;
  return JSON.parse(readFileSync(path, 'utf8')) as Catalog;
}

function flatten(node: Catalog, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function main(check: boolean): number {
  let differing = 0;
  for (const { path, content } of planOutputs()) {
    if (existsSync(path) && readFileSync(path, 'utf8') === content) continue;
    if (check) {
      differing += 1;
      console.error(`${relative(ROOT, path)} differs from its zh-CN source: run npm run gen:zh-tw`);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      console.log(`wrote ${relative(ROOT, path)}`);
    }
  }
  return differing > 0 ? 1 : 0;
}

// Run only as a script: the tests import the pure functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.includes('--check'));
}
