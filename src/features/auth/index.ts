export { loginWithGoogleCode, type LoginResult } from './api/login-google';
export { logout, useLogout } from './api/logout';
export { LoginCallback, type LoginDestination } from './components/login-callback';
export { LoginScreen } from './components/login-screen';
export { LogoutButton } from './components/logout-button';
