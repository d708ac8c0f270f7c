// Public entry of @svc/device-sim: the programmatic simulator and its types.
export { createSimulator, type Simulator, type SimStats } from './simulator.js';
export { SimDevice, type SimChannel } from './device.js';
export type { SimulatorOptions, DeviceType, SipTransport, Codec } from './options.js';
export type { ByeEvent, FrameEvent, InviteEvent, RegisteredEvent, SimEvents } from './context.js';
export type { LatencySummary } from './latency.js';
export { ipcChannelId, nvrChannelId, nthId } from './ids.js';
export { raiseAlarm, SIM_ALARMS } from './alarms.js';
export { observeUploads } from './snapshot.js';
