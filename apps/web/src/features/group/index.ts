// What the group feature offers other features: the groups tab of the staff page.
export { GroupsTab } from './components/GroupsTab';
