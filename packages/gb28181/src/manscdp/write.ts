// Helpers shared by the MANSCDP writers and readers: element text, envelopes, tolerant number reading.
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage, ManscdpRoot } from './message.js';
import { escapeXml } from './xml.js';

export type Leaf = string | number | undefined;

/** `<Name>text</Name>`, or nothing when the value is absent. */
export function tag(name: string, value: Leaf): string {
  return value === undefined ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A container element whose children are already-written lines; `attrs` are escaped. */
export function block(name: string, lines: string[], attrs?: [string, Leaf][]): string {
  let out = `<${name}`;
  for (const [k, v] of attrs ?? []) if (v !== undefined) out += ` ${k}="${escapeXml(String(v))}"`;
  out += '>';
  // Empty lines are absent optional elements (tag() of undefined).
  for (const line of lines) if (line.length > 0) out += `\r\n${line}`;
  return `${out}\r\n</${name}>`;
}

/** The whole document without prolog (encodeBody adds the prolog matching the bytes it writes). */
export function envelope(root: ManscdpRoot, cmdType: string, sn: number, deviceId: string, lines: string[]): string {
  return `${block(root, [tag('CmdType', cmdType), tag('SN', sn), tag('DeviceID', deviceId), ...lines])}\r\n`;
}

export function expect(m: ManscdpMessage, cmdType: string, roots: ManscdpRoot[]): ParseResult<true> {
  if (m.cmdType.toLowerCase() !== cmdType.toLowerCase()) return fail(`CmdType ${m.cmdType} is not ${cmdType}`);
  if (!roots.includes(m.root)) return fail(`${cmdType} is not expected under <${m.root}>`);
  return ok(true);
}

/** Integer or decimal; anything else (empty, "null", garbage) reads as absent. */
export function num(text: string | undefined): number | undefined {
  if (text === undefined || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function int(text: string | undefined): number | undefined {
  const n = num(text);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

export function onOff(text: string | undefined): 'ON' | 'OFF' | undefined {
  const t = text?.toUpperCase();
  if (t === 'ON' || t === 'ONLINE' || t === 'OK') return 'ON';
  if (t === 'OFF' || t === 'OFFLINE') return 'OFF';
  return undefined;
}

/** Drops undefined values so readers answer objects without noise keys (and deep-equal their writer's input). */
export function defined<T extends object>(o: T): T {
  // A loop rather than entries/filter/fromEntries: every reader calls this on every message.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}
