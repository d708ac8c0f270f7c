// Test data of the device screens: a device, a project node and the platform SIP settings as the server answers them
// (to an administrator: with the enterprise's enrolment secret).
import type { Device, ProjectNode, SipServer } from '@svc/contracts';

export function device(over: Partial<Device> = {}): Device {
  return {
    id: 7,
    uuid: 'uuid-7',
    sn: 'ABCDE12345678',
    devName: 'Gate cam',
    devType: 'IPC',
    projectId: 3,
    projectName: 'Harbour',
    statusLive: 'online',
    loginName: 'Admin',
    gbCode: null,
    streamMode: 'TCP-PASSIVE',
    vehicle: false,
    model: null,
    manufacturer: null,
    ip: null,
    port: null,
    longitude: null,
    latitude: null,
    channelCount: 1,
    tags: [],
    createdAt: '2026-01-01T00:00:00Z',
    lastSeen: null,
    ...over,
  };
}

export function projectNode(id: number, title: string, over: Partial<ProjectNode> = {}): ProjectNode {
  return {
    id,
    title,
    proName: title,
    proLogo: null,
    kind: 'project',
    parentId: null,
    parentRootId: id,
    projectVirtualUuid: `v-${id}`,
    privileges: [],
    modules: [],
    deviceCount: 0,
    moreShow: false,
    deviceVOS: [],
    children: [],
    ...over,
  };
}

export const SIP_SERVER: SipServer = {
  id: '44010200492000000001',
  domain: '4401020049',
  ip: '203.0.113.10',
  port: 5060,
  administrator: true,
  enrolmentSecret: 'Enrol2026abcdEFGH42',
};
