export { AdminConsole, type AdminTab } from './components/admin-console';
