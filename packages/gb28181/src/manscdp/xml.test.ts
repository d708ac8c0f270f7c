// The MANSCDP XML parser: structure, entities, refusals and caps.
import { describe, expect, it } from 'vitest';
import { child, childText, children, escapeXml, parseXml, type XmlElement } from './xml.js';

function doc(text: string): XmlElement {
  const r = parseXml(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('parseXml', () => {
  it('reads prolog, attributes, text, CDATA, comments and nested elements', () => {
    const root = doc(
      '\uFEFF<?xml version="1.0" encoding="GB2312"?>\r\n<!-- c --><Response>\r\n<CmdType>Catalog</CmdType>' +
        '<DeviceList Num=\'2\' x = "a&amp;b"><Item><Name><![CDATA[<raw> & ]]>x</Name></Item><Item/></DeviceList>' +
        '<?pi ignored?><Note>1 &lt; 2 &#x4E2D;&#25991; &quot;q&apos;</Note></Response>\n<!-- end -->\0\0',
    );
    expect(root.name).toBe('Response');
    expect(childText(root, 'cmdtype')).toBe('Catalog');
    const list = child(root, 'DEVICELIST')!;
    expect(list.attrs).toEqual(
      new Map([
        ['Num', '2'],
        ['x', 'a&b'],
      ]),
    );
    expect(list.children.map((c) => c.name)).toEqual(['Item', 'Item']);
    expect(childText(list.children[0]!, 'Name')).toBe('<raw> & x');
    expect(childText(root, 'Note')).toBe('1 < 2 中文 "q\'');
    expect(childText(root, 'Missing')).toBeUndefined();
  });

  it('keeps a lone ampersand literal but refuses unknown entities', () => {
    expect(childText(doc('<a><b>A&B & C</b></a>'), 'b')).toBe('A&B & C');
    expect(parseXml('<a>&nbsp;</a>')).toEqual({ ok: false, error: 'entity &nbsp; is not allowed' });
    expect(parseXml('<a>&#0;</a>').ok).toBe(false);
    expect(parseXml('<a>&#xD800;</a>').ok).toBe(false);
  });

  it.each([
    ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /DOCTYPE/],
    ['an inner declaration', '<a><!ENTITY x "y"></a>', /DOCTYPE/],
    ['a mismatched end tag', '<a><b></a></b>', /does not match/],
    ['an unclosed element', '<a><b></b>', /not closed/],
    ['text after the root', '<a/>junk', /after the root/],
    ['two roots', '<a/><b/>', /after the root/],
    ['no root', '   ', /no root/],
    ['a duplicate attribute', '<a x="1" x="2"/>', /duplicate/],
    ['an unquoted attribute', '<a x=1/>', /not quoted/],
    ['< in an attribute', '<a x="<"/>', /'<'/],
    ['an unterminated comment', '<a><!-- x</a>', /comment/],
  ])('refuses %s', (_n, text, pattern) => {
    const r = parseXml(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(pattern);
  });

  it('closes tags without regard to case', () => {
    expect(childText(doc('<Query><DeviceID>1</DeviceId></Query>'), 'deviceid')).toBe('1');
  });

  it('enforces byte, depth and element caps', () => {
    expect(parseXml(`<a>${'x'.repeat(300)}</a>`, { maxBytes: 100 })).toEqual({
      ok: false,
      error: 'XML larger than 100 bytes',
    });
    expect(parseXml(`<a>${'中'.repeat(40)}</a>`, { maxBytes: 100 }).ok).toBe(false);
    const deep = (n: number): string => '<e>'.repeat(n) + '</e>'.repeat(n);
    expect(parseXml(deep(16)).ok).toBe(true);
    expect(parseXml(deep(17))).toEqual({ ok: false, error: 'nesting deeper than 16' });
    expect(parseXml(`<a>${'<b/>'.repeat(9)}</a>`, { maxElements: 10 }).ok).toBe(true);
    expect(parseXml(`<a>${'<b/>'.repeat(10)}</a>`, { maxElements: 10 })).toEqual({
      ok: false,
      error: 'more than 10 elements',
    });
    // A deep document beyond any stack still answers an error rather than throwing.
    expect(parseXml(deep(50_000), { maxBytes: 1e7, maxDepth: 1e6, maxElements: 1e6 }).ok).toBe(true);
  });

  it('escapes the five special characters and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\u0007ok`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;ok',
    );
    expect(childText(doc(`<a>${escapeXml('1 < 2 & "3"')}</a>`), 'x')).toBeUndefined();
    expect(doc(`<a>${escapeXml('1 < 2 & "3"')}</a>`).text).toBe('1 < 2 & "3"');
  });

  it('answers plain text as it is and still escapes or drops a last character that needs it', () => {
    for (const plain of [
      '34020000001320000001',
      '2024-05-01T12:34:56',
      '前门摄像机 1',
      'tab\tand\r\nlines',
      '\uFFFD',
    ]) {
      expect(escapeXml(plain)).toBe(plain);
    }
    expect(escapeXml(`${'x'.repeat(50)}'`)).toBe(`${'x'.repeat(50)}&apos;`);
    expect(escapeXml(`${'x'.repeat(50)}>`)).toBe(`${'x'.repeat(50)}&gt;`);
    expect(escapeXml(`${'x'.repeat(50)}\u001f`)).toBe('x'.repeat(50));
    expect(escapeXml(`${'x'.repeat(50)}\uFFFE`)).toBe('x'.repeat(50));
  });
});

describe('names', () => {
  it('reads element and attribute names with colons, dots, hyphens, middle dots and CJK', () => {
    const root = doc('<ns:Root-1 a.b_c="1"\t\r\n x·y = \'2\' ><前门·1/><_x.y-z/></ns:root-1>');
    expect(root.name).toBe('ns:Root-1');
    expect([...root.attrs.keys()]).toEqual(['a.b_c', 'x·y']);
    expect(root.children.map((c) => c.name)).toEqual(['前门·1', '_x.y-z']);
  });

  it.each([
    ['a digit', '<1a/>'],
    ['a hyphen', '<-a/>'],
    ['a dot', '<.a/>'],
    ['a middle dot', '<·a/>'],
  ])('refuses an element name starting with %s', (_n, text) => {
    expect(parseXml(text)).toEqual({ ok: false, error: 'bad element name at 1' });
  });

  it('finds the first child whose name matches in any case, also when only lower-casing makes it match', () => {
    const root = doc('<a><DEVICEid>1</DEVICEid><DeviceID>2</DeviceID><\u212Aey>3</\u212Aey><Ab>4</Ab></a>');
    expect(childText(root, 'DeviceID')).toBe('1');
    // U+212A KELVIN SIGN lower-cases to an ASCII k.
    expect(childText(root, 'KEY')).toBe('3');
    expect(childText(root, 'ab')).toBe('4');
    expect(children(root, 'deviceid').map((c) => c.text)).toEqual(['1', '2']);
    expect(childText(root, 'Bb')).toBeUndefined();
  });
});
