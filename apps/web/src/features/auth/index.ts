export { AuthLifecycle, handleSessionRevoked, handleUnauthorized, refreshForRealtime } from './auth-lifecycle';
export { signOut, useSignOut } from './sign-out';
