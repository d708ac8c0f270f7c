// ConfigDownload: the platform asking for a device's configuration, and the BasicParam the device answers.
import { fail, ok, type ParseResult } from '../result.js';
import { basicParamXml, readBasicParam, type BasicParam } from './basic-param.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { defined, envelope, expect, tag } from './write.js';
import { child, childText } from './xml.js';

export function configDownloadQuery(a: Addr & { configType: 'BasicParam' }): string {
  return envelope('Query', 'ConfigDownload', a.sn, a.deviceId, [tag('ConfigType', a.configType)]);
}

/** ConfigType of a ConfigDownload query ("BasicParam", "VideoParamOpt", … possibly '/'-joined). */
export function readConfigDownloadQuery(m: ManscdpMessage): ParseResult<{ configType: string[] }> {
  const ex = expect(m, 'ConfigDownload', ['Query']);
  if (!ex.ok) return ex;
  const t = childText(m.el, 'ConfigType');
  if (!t) return fail('ConfigDownload without ConfigType');
  return ok({ configType: t.split('/').map((s) => s.trim()) });
}

export function configDownloadResponse(a: Addr & { result: string; basicParam: BasicParam }): string {
  return envelope('Response', 'ConfigDownload', a.sn, a.deviceId, [
    tag('Result', a.result),
    basicParamXml(a.basicParam),
  ]);
}

export function readConfigDownload(m: ManscdpMessage): ParseResult<{ result: string; basicParam?: BasicParam }> {
  const ex = expect(m, 'ConfigDownload', ['Response']);
  if (!ex.ok) return ex;
  return ok(
    defined({ result: childText(m.el, 'Result') || 'OK', basicParam: readBasicParam(child(m.el, 'BasicParam')) }),
  );
}
