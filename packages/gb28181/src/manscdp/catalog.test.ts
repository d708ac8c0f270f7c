// Catalog: the query against its literal XML, responses and notifies round-tripped, and firmware variants.
import { describe, expect, it } from 'vitest';
import { catalogNotify, catalogQuery, catalogResponse, readCatalog, type CatalogItem } from './catalog.js';
import { DEV, env, msg } from './test-support.js';

describe('Catalog', () => {
  it('writes the query envelope', () => {
    expect(catalogQuery({ sn: 1, deviceId: DEV })).toBe(
      `<Query>\r\n<CmdType>Catalog</CmdType>\r\n<SN>1</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n</Query>\r\n`,
    );
  });

  it('escapes text', () => {
    const xml = catalogResponse({ sn: 1, deviceId: DEV, sumNum: 1, items: [{ deviceId: DEV, name: 'A&B <"1">' }] });
    expect(xml).toContain('<Name>A&amp;B &lt;&quot;1&quot;&gt;</Name>');
    expect(readCatalog(msg(xml))).toEqual({
      ok: true,
      value: { sumNum: 1, items: [{ deviceId: DEV, name: 'A&B <"1">' }] },
    });
  });

  it('round-trips a response and a notify through GB2312 and UTF-8 bytes', () => {
    const items: CatalogItem[] = [
      {
        deviceId: '34020000001310000001',
        name: '大门口',
        manufacturer: 'Hikvision',
        model: 'DS-2CD',
        owner: 'Owner',
        civilCode: '340200',
        address: '北京路1号',
        parental: 0,
        parentId: DEV,
        registerWay: 1,
        secrecy: 0,
        status: 'ON',
        longitude: 120.123456,
        latitude: -30.5,
        ptzType: 1,
      },
      { deviceId: '34020000001310000002', name: '后门', status: 'OFF', event: 'ADD' },
    ];
    expect(readCatalog(msg(catalogResponse({ sn: 9, deviceId: DEV, sumNum: 5, items })))).toEqual({
      ok: true,
      value: { sumNum: 5, items },
    });
    const notify = msg(catalogNotify({ sn: 9, deviceId: DEV, sumNum: 2, items }), 'UTF-8');
    expect(notify.root).toBe('Notify');
    expect(readCatalog(notify)).toEqual({ ok: true, value: { sumNum: 2, items } });
  });

  it('accepts other element-name case, whitespace and PTZType beside the item', () => {
    const m = env(
      'Response',
      'catalog',
      '<sumnum> 2 </sumnum><devicelist num="1"><item>\n<deviceid> 3402 </deviceid>\n<name> 门 </name><status>ONLINE</status><PTZType>3</PTZType><Longitude></Longitude></item></devicelist>',
    );
    expect(readCatalog(m)).toEqual({
      ok: true,
      value: { sumNum: 2, items: [{ deviceId: '3402', name: '门', status: 'ON', ptzType: 3 }] },
    });
  });

  it('answers errors for a wrong CmdType, an item without DeviceID and a bad SumNum', () => {
    expect(readCatalog(env('Response', 'DeviceInfo', ''))).toEqual({
      ok: false,
      error: 'CmdType DeviceInfo is not Catalog',
    });
    expect(
      readCatalog(env('Response', 'Catalog', '<SumNum>1</SumNum><DeviceList><Item><Name>x</Name></Item></DeviceList>')),
    ).toEqual({
      ok: false,
      error: 'catalog item without DeviceID',
    });
    expect(readCatalog(env('Response', 'Catalog', '<SumNum>x</SumNum>'))).toEqual({ ok: false, error: 'bad SumNum' });
  });
});
