// What the live feature offers other features: links that open a camera in the live grid.
export { LIVE_PATH, liveHref } from './live-grid';
