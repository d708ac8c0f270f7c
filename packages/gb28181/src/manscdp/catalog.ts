// Catalog: the query, the (multi-packet, SumNum) response and the subscription notify with item events.
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { block, defined, envelope, expect, int, num, onOff, tag } from './write.js';
import { child, childText, children, type XmlElement } from './xml.js';

export type CatalogEvent = 'ON' | 'OFF' | 'VLOST' | 'DEFECT' | 'ADD' | 'DEL' | 'UPDATE';
export interface CatalogItem {
  deviceId: string;
  name: string;
  manufacturer?: string;
  model?: string;
  owner?: string;
  civilCode?: string;
  address?: string;
  parental?: number;
  parentId?: string;
  registerWay?: number;
  secrecy?: number;
  status?: 'ON' | 'OFF';
  longitude?: number;
  latitude?: number;
  ptzType?: number;
  event?: CatalogEvent;
}

const EVENTS = new Set<string>(['ON', 'OFF', 'VLOST', 'DEFECT', 'ADD', 'DEL', 'UPDATE']);

export function catalogQuery(a: Addr): string {
  return envelope('Query', 'Catalog', a.sn, a.deviceId, []);
}

function itemXml(i: CatalogItem): string {
  return block('Item', [
    tag('DeviceID', i.deviceId),
    tag('Name', i.name),
    tag('Manufacturer', i.manufacturer),
    tag('Model', i.model),
    tag('Owner', i.owner),
    tag('CivilCode', i.civilCode),
    tag('Address', i.address),
    tag('Parental', i.parental),
    tag('ParentID', i.parentId),
    tag('RegisterWay', i.registerWay),
    tag('Secrecy', i.secrecy),
    tag('Status', i.status),
    tag('Longitude', i.longitude),
    tag('Latitude', i.latitude),
    i.ptzType !== undefined ? block('Info', [tag('PTZType', i.ptzType)]) : '',
    tag('Event', i.event),
  ]);
}

function catalogBody(a: { sumNum: number; items: CatalogItem[] }): string[] {
  return [tag('SumNum', a.sumNum), block('DeviceList', a.items.map(itemXml), [['Num', a.items.length]])];
}

/** One packet of a catalog answer: `items` is this packet's share, `sumNum` the total over all packets. */
export function catalogResponse(a: Addr & { sumNum: number; items: CatalogItem[] }): string {
  return envelope('Response', 'Catalog', a.sn, a.deviceId, catalogBody(a));
}

export function catalogNotify(a: Addr & { sumNum: number; items: CatalogItem[] }): string {
  return envelope('Notify', 'Catalog', a.sn, a.deviceId, catalogBody(a));
}

function readItem(el: XmlElement): ParseResult<CatalogItem> {
  const deviceId = childText(el, 'DeviceID');
  if (!deviceId) return fail('catalog item without DeviceID');
  const info = child(el, 'Info');
  const ev = childText(el, 'Event')?.toUpperCase();
  const item: CatalogItem = defined({
    deviceId,
    name: childText(el, 'Name') ?? '',
    manufacturer: childText(el, 'Manufacturer'),
    model: childText(el, 'Model'),
    owner: childText(el, 'Owner'),
    civilCode: childText(el, 'CivilCode'),
    address: childText(el, 'Address'),
    parental: int(childText(el, 'Parental')),
    parentId: childText(el, 'ParentID'),
    registerWay: int(childText(el, 'RegisterWay')),
    secrecy: int(childText(el, 'Secrecy')),
    status: onOff(childText(el, 'Status')),
    longitude: num(childText(el, 'Longitude')),
    latitude: num(childText(el, 'Latitude')),
    // 2016 puts PTZType under <Info>; some firmware puts it on the item itself.
    ptzType: int((info && childText(info, 'PTZType')) ?? childText(el, 'PTZType')),
    event: ev !== undefined && EVENTS.has(ev) ? (ev as CatalogEvent) : undefined,
  });
  return ok(item);
}

/** Response or Notify (subscription events carry item.event). */
export function readCatalog(m: ManscdpMessage): ParseResult<{ sumNum: number; items: CatalogItem[] }> {
  const ex = expect(m, 'Catalog', ['Response', 'Notify']);
  if (!ex.ok) return ex;
  const list = child(m.el, 'DeviceList');
  const items: CatalogItem[] = [];
  for (const el of list ? children(list, 'Item') : []) {
    const item = readItem(el);
    if (!item.ok) return item;
    items.push(item.value);
  }
  const sumText = childText(m.el, 'SumNum');
  const sumNum = int(sumText);
  if (sumText !== undefined && (sumNum === undefined || sumNum < 0)) return fail('bad SumNum');
  return ok({ sumNum: sumNum ?? items.length, items });
}
