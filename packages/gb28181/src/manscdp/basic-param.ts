// The BasicParam block that DeviceConfig sets and ConfigDownload answers (name, registration expiry, heartbeat).
import { block, defined, int, tag } from './write.js';
import { childText, type XmlElement } from './xml.js';

export interface BasicParam {
  name?: string;
  expiration?: number;
  heartBeatInterval?: number;
  heartBeatCount?: number;
  positionCapability?: number;
}

export function basicParamXml(p: BasicParam): string {
  return block('BasicParam', [
    tag('Name', p.name),
    tag('Expiration', p.expiration),
    tag('HeartBeatInterval', p.heartBeatInterval),
    tag('HeartBeatCount', p.heartBeatCount),
    tag('PositionCapability', p.positionCapability),
  ]);
}

export function readBasicParam(el: XmlElement | undefined): BasicParam | undefined {
  if (!el) return undefined;
  return defined({
    name: childText(el, 'Name'),
    expiration: int(childText(el, 'Expiration')),
    heartBeatInterval: int(childText(el, 'HeartBeatInterval')),
    heartBeatCount: int(childText(el, 'HeartBeatCount')),
    positionCapability: int(childText(el, 'PositionCapability')),
  });
}
