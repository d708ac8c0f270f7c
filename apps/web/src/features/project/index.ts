// What the project feature offers other features: reading the project tree the server sends.
export { flattenNodes, nodeAllows } from './components/project-tree';
