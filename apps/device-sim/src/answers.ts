// Answers to the platform's MANSCDP queries and controls (the 200 OK has already gone out; these are the follow-up MESSAGEs).
import {
  catalogResponse,
  childText,
  configDownloadResponse,
  controlResponse,
  deviceInfoResponse,
  deviceStatusResponse,
  readDeviceConfig,
  readDeviceControl,
  type BasicParam,
  type CatalogItem,
  type ManscdpMessage,
  type SipResponse,
} from '@svc/gb28181';
import type { DeviceType } from './options.js';
import { snapshotRequest, uploadSnapshot } from './snapshot.js';

export type BasicParamUpdate = BasicParam;

/** The parts of a device the answers read and change. */
export interface AnswerHost {
  readonly id: string;
  readonly type: DeviceType;
  readonly model: string;
  readonly name: string;
  readonly channels: readonly { id: string; name: string }[];
  readonly armed: Map<string, boolean>;
  readonly keepaliveSeconds: number;
  readonly expires: number;
  sendMessage(xml: string, encoding: 'GB2312' | 'UTF-8'): Promise<SipResponse | undefined>;
  applyBasicParam(p: BasicParamUpdate): void;
  reboot(): void;
  now(): Date;
}

export const MANUFACTURER = 'SimCam';
export const FIRMWARE = 'V1.0.0';
export const CATALOG_ITEMS_PER_PACKET = 4;
/** A non-ASCII catalog field, so the platform's GB2312 decoding is exercised on every catalog. */
export const CATALOG_ADDRESS = '模拟设备';
const HEARTBEAT_COUNT = 3;

/** Local wall-clock time in the GB28181 form 2024-05-01T12:00:00. */
function deviceTime(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return `${date}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A query may name the device or one of its channels; anything else is answered as the device. */
function target(dev: AnswerHost, m: ManscdpMessage): string {
  return m.deviceId === dev.id || dev.channels.some((c) => c.id === m.deviceId) ? m.deviceId : dev.id;
}

export function catalogItems(dev: AnswerHost): CatalogItem[] {
  return dev.channels.map((c) => ({
    deviceId: c.id,
    name: c.name,
    manufacturer: MANUFACTURER,
    model: dev.model,
    owner: 'Owner',
    civilCode: dev.id.slice(0, 6),
    address: CATALOG_ADDRESS,
    parental: 0,
    parentId: dev.id,
    registerWay: 1,
    secrecy: 0,
    status: 'ON',
  }));
}

async function sendCatalog(dev: AnswerHost, sn: number): Promise<void> {
  const items = catalogItems(dev);
  for (let i = 0; i < items.length; i += CATALOG_ITEMS_PER_PACKET) {
    const chunk = items.slice(i, i + CATALOG_ITEMS_PER_PACKET);
    const xml = catalogResponse({ sn, deviceId: dev.id, sumNum: items.length, items: chunk });
    // Packets go one after another: the platform assembles them in order and a lost one stops the rest.
    const res = await dev.sendMessage(xml, 'GB2312');
    if (res === undefined || res.status >= 300)
      throw new Error(`catalog packet ${i / CATALOG_ITEMS_PER_PACKET + 1} not accepted`);
  }
}

function basicParam(dev: AnswerHost): BasicParam {
  return {
    name: dev.name,
    expiration: dev.expires,
    heartBeatInterval: dev.keepaliveSeconds,
    heartBeatCount: HEARTBEAT_COUNT,
    positionCapability: 0,
  };
}

async function answerQuery(dev: AnswerHost, m: ManscdpMessage): Promise<void> {
  const sn = m.sn;
  switch (m.cmdType) {
    case 'Catalog':
      return sendCatalog(dev, sn);
    case 'DeviceInfo': {
      const info = { deviceName: dev.name, manufacturer: MANUFACTURER, model: dev.model, firmware: FIRMWARE };
      const xml = deviceInfoResponse({ sn, deviceId: dev.id, ...info, channel: dev.channels.length, result: 'OK' });
      await dev.sendMessage(xml, 'GB2312');
      return;
    }
    case 'DeviceStatus': {
      const alarms = dev.channels.map((c) => ({
        deviceId: c.id,
        dutyStatus: (dev.armed.get(c.id) ?? dev.armed.get(dev.id)) === true ? 'ONDUTY' : 'OFFDUTY',
      }));
      const status = { result: 'OK', online: 'ONLINE', status: 'OK', encode: 'ON', record: 'OFF' } as const;
      const xml = deviceStatusResponse({
        sn,
        deviceId: target(dev, m),
        ...status,
        deviceTime: deviceTime(dev.now()),
        alarms,
      });
      await dev.sendMessage(xml, 'UTF-8');
      return;
    }
    case 'ConfigDownload': {
      const wantsBasic = (childText(m.el, 'ConfigType') ?? '').split('/').includes('BasicParam');
      const result = wantsBasic ? 'OK' : 'ERROR';
      await dev.sendMessage(
        configDownloadResponse({ sn, deviceId: dev.id, result, basicParam: basicParam(dev) }),
        'UTF-8',
      );
      return;
    }
    default:
      throw new Error(`unsupported query ${m.cmdType}`);
  }
}

async function answerControl(dev: AnswerHost, m: ManscdpMessage): Promise<void> {
  const deviceId = target(dev, m);
  if (m.cmdType === 'DeviceConfig') {
    const snap = snapshotRequest(m);
    if (snap) {
      await dev.sendMessage(controlResponse({ sn: m.sn, deviceId, cmdType: 'DeviceConfig', result: 'OK' }), 'UTF-8');
      // Only the first of SnapNum: the platform's URL takes one picture.
      await uploadSnapshot(snap.url);
      return;
    }
    const parsed = readDeviceConfig(m);
    if (parsed.ok && parsed.value.basicParam !== undefined) dev.applyBasicParam(parsed.value.basicParam);
    const result = parsed.ok ? 'OK' : 'ERROR';
    await dev.sendMessage(controlResponse({ sn: m.sn, deviceId, cmdType: 'DeviceConfig', result }), 'UTF-8');
    return;
  }
  if (m.cmdType !== 'DeviceControl') throw new Error(`unsupported control ${m.cmdType}`);
  const parsed = readDeviceControl(m);
  if (parsed.ok && parsed.value.guard !== undefined) {
    // Arming the whole device overrides what was set per channel before.
    if (deviceId === dev.id) for (const c of dev.channels) dev.armed.delete(c.id);
    dev.armed.set(deviceId, parsed.value.guard);
  }
  const result = parsed.ok ? 'OK' : 'ERROR';
  await dev.sendMessage(controlResponse({ sn: m.sn, deviceId, cmdType: 'DeviceControl', result }), 'UTF-8');
  if (parsed.ok && parsed.value.teleBoot === true) dev.reboot();
}

/** Runs the follow-up of one decoded MESSAGE; Notify and Response bodies from the platform need none. */
export async function answerManscdp(dev: AnswerHost, m: ManscdpMessage): Promise<void> {
  switch (m.root) {
    case 'Query':
      return answerQuery(dev, m);
    case 'Control':
      return answerControl(dev, m);
    case 'Notify':
    case 'Response':
      return;
  }
}
