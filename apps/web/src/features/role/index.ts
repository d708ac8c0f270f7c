// What the role feature offers other features: the roles tab of the staff page.
export { RolesTab } from './components/RolesTab';
