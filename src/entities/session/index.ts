export { loginWithGoogleCode } from './log-in-with-google';
export { logOut } from './log-out';
export { useSignUp } from './sign-up';
