// Public surface of the contracts shared by server and web.
export * from './codes.js';
export * from './common.js';
export * from './i18n.js';
export * from './privileges.js';
export * from './reset.js';
export * from './rules.js';
export * from './issues.js';
export * from './session.js';
export * from './outbox.js';
export * from './organisation.js';
export * from './file.js';
export * from './project.js';
export * from './device.js';
export * from './patterns.js';
export * from './live.js';
export * from './restful.js';
export * from './alarm.js';
