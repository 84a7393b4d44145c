export { AuthLifecycle, handleUnauthorized } from './auth-lifecycle';
export { signOut, useSignOut } from './sign-out';
