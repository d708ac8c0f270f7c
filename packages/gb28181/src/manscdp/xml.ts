// A small XML parser for MANSCDP bodies: no DTD, no entities beyond the 5 predefined and numeric ones, size caps.
import { fail, ok, type ParseResult } from '../result.js';

export interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  /** The element's own character data (text and CDATA between its children), entity-decoded, untrimmed. */
  text: string;
}
export interface XmlLimits {
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = { maxBytes: 256 * 1024, maxDepth: 16, maxElements: 20_000 };

const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const REF = /&(#[0-9]{1,8}|#x[0-9a-fA-F]{1,7}|[A-Za-z_][A-Za-z0-9._-]{0,31});/y;

/** [A-Za-z_:\u00C0-\uFFFF], as code units. */
function isNameStart(c: number): boolean {
  const folded = c | 0x20;
  return (folded >= 0x61 && folded <= 0x7a) || c === 0x5f || c === 0x3a || c >= 0xc0;
}

/** [\w.:\u00B7\u00C0-\uFFFF-], as code units. */
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0xb7;
}

function codePointOk(cp: number): boolean {
  if (cp === 0x9 || cp === 0xa || cp === 0xd) return true;
  return (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/**
 * Resolves character and predefined entity references. A lone '&' that starts no reference stays literal:
 * device firmware often writes names like "A&B" unescaped; an unknown named entity is refused.
 */
export function decodeEntities(s: string): ParseResult<string> {
  if (!s.includes('&')) return ok(s);
  let out = '';
  let i = 0;
  for (;;) {
    const amp = s.indexOf('&', i);
    if (amp < 0) return ok(out + s.slice(i));
    out += s.slice(i, amp);
    REF.lastIndex = amp;
    const m = REF.exec(s);
    if (!m) {
      out += '&';
      i = amp + 1;
      continue;
    }
    const ref = m[1]!;
    if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!codePointOk(cp)) return fail(`character reference &${ref}; is not an XML character`);
      out += String.fromCodePoint(cp);
    } else {
      const ch = PREDEFINED.get(ref);
      if (ch === undefined) return fail(`entity &${ref}; is not allowed`);
      out += ch;
    }
    i = amp + m[0].length;
  }
}

/** Characters XML 1.0 cannot carry at all, not even as references; writers drop them. */
function isXmlChar(ch: string): boolean {
  return codePointOk(ch.codePointAt(0) ?? 0) || (ch >= '\uD800' && ch <= '\uDFFF');
}

/** Any character escapeXml has to replace or drop: a special one or one XML cannot carry. */
const NEEDS_ESCAPING = /[^\t\n\r\u0020-\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\uFFFD]/;

export function escapeXml(s: string): string {
  // Ids, numbers, times and most names need nothing: one test instead of six regular expressions.
  if (!NEEDS_ESCAPING.test(s)) return s;
  const clean = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]/.test(s) ? [...s].filter(isXmlChar).join('') : s;
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

class Parser {
  private pos = 0;
  private elements = 0;

  constructor(
    private readonly s: string,
    private readonly limits: XmlLimits,
  ) {}

  parse(): ParseResult<XmlElement> {
    if (this.s.startsWith('\uFEFF')) this.pos = 1;
    const before = this.misc();
    if (before !== undefined) return fail(before);
    if (this.s[this.pos] !== '<') return fail('no root element');
    const root = this.element();
    if (!root.ok) return root;
    const after = this.misc();
    if (after !== undefined) return fail(after);
    // Some firmware pads bodies with NULs; anything else after the root is an error.
    if (!/^\0*$/.test(this.s.slice(this.pos))) return fail('content after the root element');
    return root;
  }

  /** Skips [ \t\r\n]*. */
  private ws(): void {
    let p = this.pos;
    let c = this.s.charCodeAt(p);
    while (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a) c = this.s.charCodeAt(++p);
    this.pos = p;
  }

  /** Whitespace, comments and processing instructions outside the root; answers an error message or undefined. */
  private misc(): string | undefined {
    for (;;) {
      this.ws();
      if (this.s.startsWith('<?', this.pos)) {
        const end = this.s.indexOf('?>', this.pos + 2);
        if (end < 0) return 'unterminated processing instruction';
        this.pos = end + 2;
      } else if (this.s.startsWith('<!--', this.pos)) {
        const end = this.s.indexOf('-->', this.pos + 4);
        if (end < 0) return 'unterminated comment';
        this.pos = end + 3;
      } else if (this.s.startsWith('<!', this.pos)) {
        return 'DOCTYPE/DTD declarations are not allowed';
      } else return undefined;
    }
  }

  private name(): string | undefined {
    const s = this.s;
    const start = this.pos;
    if (!isNameStart(s.charCodeAt(start))) return undefined;
    let p = start + 1;
    while (isNameChar(s.charCodeAt(p))) p++;
    this.pos = p;
    return s.slice(start, p);
  }

  /** Reads `<name attr="v" …>` or `…/>` at pos (which is at '<'). */
  private startTag(depth: number): ParseResult<{ el: XmlElement; empty: boolean }> {
    this.pos++;
    const name = this.name();
    if (name === undefined) return fail(`bad element name at ${this.pos}`);
    if (++this.elements > this.limits.maxElements) return fail(`more than ${this.limits.maxElements} elements`);
    if (depth > this.limits.maxDepth) return fail(`nesting deeper than ${this.limits.maxDepth}`);
    const attrs = new Map<string, string>();
    for (;;) {
      this.ws();
      if (this.s.startsWith('/>', this.pos)) {
        this.pos += 2;
        return ok({ el: { name, attrs, children: [], text: '' }, empty: true });
      }
      if (this.s[this.pos] === '>') {
        this.pos++;
        return ok({ el: { name, attrs, children: [], text: '' }, empty: false });
      }
      const attr = this.attribute();
      if (!attr.ok) return attr;
      if (attrs.has(attr.value[0])) return fail(`duplicate attribute ${attr.value[0]}`);
      attrs.set(attr.value[0], attr.value[1]);
    }
  }

  private attribute(): ParseResult<[string, string]> {
    const name = this.name();
    if (name === undefined) return fail(`bad attribute at ${this.pos}`);
    this.ws();
    if (this.s[this.pos] !== '=') return fail(`attribute ${name} has no value`);
    this.pos++;
    this.ws();
    const q = this.s[this.pos];
    if (q !== '"' && q !== "'") return fail(`attribute ${name} value is not quoted`);
    const end = this.s.indexOf(q, this.pos + 1);
    if (end < 0) return fail(`unterminated attribute ${name}`);
    const raw = this.s.slice(this.pos + 1, end);
    if (raw.includes('<')) return fail(`'<' in attribute ${name}`);
    this.pos = end + 1;
    const value = decodeEntities(raw);
    return value.ok ? ok([name, value.value]) : value;
  }

  private element(): ParseResult<XmlElement> {
    const first = this.startTag(1);
    if (!first.ok) return first;
    if (first.value.empty) return ok(first.value.el);
    const stack: XmlElement[] = [first.value.el];
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return ok(first.value.el);
      const lt = this.s.indexOf('<', this.pos);
      if (lt < 0) return fail(`element ${top.name} is not closed`);
      if (lt > this.pos) {
        const text = decodeEntities(this.s.slice(this.pos, lt));
        if (!text.ok) return text;
        top.text += text.value;
        this.pos = lt;
      }
      const step = this.markup(stack, top);
      if (step !== undefined) return fail(step);
    }
  }

  /** Handles the markup at pos inside `top`; answers an error message or undefined. */
  private markup(stack: XmlElement[], top: XmlElement): string | undefined {
    // The character after '<' tells the kinds apart: '/' end tag, '!' comment/CDATA/declaration, '?' PI.
    switch (this.s.charCodeAt(this.pos + 1)) {
      case 0x2f:
        return this.endTag(stack, top);
      case 0x21:
        return this.bang(top);
      case 0x3f: {
        const end = this.s.indexOf('?>', this.pos + 2);
        if (end < 0) return 'unterminated processing instruction';
        this.pos = end + 2;
        return undefined;
      }
      default: {
        const next = this.startTag(stack.length + 1);
        if (!next.ok) return next.error;
        top.children.push(next.value.el);
        if (!next.value.empty) stack.push(next.value.el);
        return undefined;
      }
    }
  }

  private endTag(stack: XmlElement[], top: XmlElement): string | undefined {
    this.pos += 2;
    const name = this.name();
    this.ws();
    if (name === undefined || this.s[this.pos] !== '>') return `bad end tag in ${top.name}`;
    // Names are compared without case: some firmware closes <DeviceID> with </DeviceId>.
    if (name !== top.name && name.toLowerCase() !== top.name.toLowerCase()) {
      return `end tag ${name} does not match ${top.name}`;
    }
    this.pos++;
    stack.pop();
    return undefined;
  }

  /** `<!` inside an element: a comment or CDATA section; a declaration is refused. */
  private bang(top: XmlElement): string | undefined {
    const s = this.s;
    if (s.startsWith('<!--', this.pos)) {
      const end = s.indexOf('-->', this.pos + 4);
      if (end < 0) return 'unterminated comment';
      this.pos = end + 3;
      return undefined;
    }
    if (s.startsWith('<![CDATA[', this.pos)) {
      const end = s.indexOf(']]>', this.pos + 9);
      if (end < 0) return 'unterminated CDATA section';
      top.text += s.slice(this.pos + 9, end);
      this.pos = end + 3;
      return undefined;
    }
    return 'DOCTYPE/DTD declarations are not allowed';
  }
}

export function parseXml(text: string, limits?: Partial<XmlLimits>): ParseResult<XmlElement> {
  const lim = { ...DEFAULT_XML_LIMITS, ...limits };
  // A UTF-16 unit is 1 to 3 UTF-8 bytes, so the length bounds the size both ways; the exact count only when it could matter.
  if (text.length > lim.maxBytes || (text.length * 3 > lim.maxBytes && Buffer.byteLength(text, 'utf8') > lim.maxBytes))
    return fail(`XML larger than ${lim.maxBytes} bytes`);
  return new Parser(text, lim).parse();
}

/**
 * Whether `name` lower-cases to `lower`. An ASCII first character lower-cases to one ASCII character, so when
 * that differs the answer is no without lower-casing the name: readers look up many children by name.
 */
function nameIs(name: string, lower: string): boolean {
  const c = name.charCodeAt(0);
  if (c < 0x80 && (c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== lower.charCodeAt(0)) return false;
  return name.toLowerCase() === lower;
}

/** First child with this name, compared without case (device firmware varies: DeviceID, DeviceId, deviceid). */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  const want = name.toLowerCase();
  return el.children.find((c) => nameIs(c.name, want));
}

export function children(el: XmlElement, name: string): XmlElement[] {
  const want = name.toLowerCase();
  return el.children.filter((c) => nameIs(c.name, want));
}

/** Trimmed text of the first child with this name; undefined when the child is absent. */
export function childText(el: XmlElement, name: string): string | undefined {
  return child(el, name)?.text.trim();
}
