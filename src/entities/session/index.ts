export { loginWithGoogleCode, type LoginResult } from './log-in-with-google';
export { logOut } from './log-out';
export { signUp, useSignUp } from './sign-up';
