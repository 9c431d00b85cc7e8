export { LoginCallback, type LoginDestination } from './components/login-callback';
export { LoginScreen } from './components/login-screen';
export { LogoutButton } from './components/logout-button';
