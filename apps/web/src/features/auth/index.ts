export { AuthLifecycle, handleSessionRevoked, handleUnauthorized, refreshForRealtime } from './auth-lifecycle';
export { signOut, signOutToSignIn } from './sign-out';
export { goToSignIn, leaveNotice, signInUrl, takeNotice } from './sign-in-handoff';
export { LeaveForSignIn } from './components/leave-for-sign-in';
