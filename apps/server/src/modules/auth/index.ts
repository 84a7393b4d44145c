/** The auth module's public entry point: other modules and the app import only this file. */
export { hashPassword, randomToken } from './crypto.js';
export { invitationLink, issueInvitation } from './invitation.js';
export { customerAddress, toApiUser, type UserRow } from './queries.js';
export { RateLimiter } from './rate-limit.js';
export { authRoutes } from './routes.js';
export { type AuthService, createAuthService } from './service.js';
export { type LiveSession, SessionCache } from './session-cache.js';
export { publishUsersChanged, revokeUserSessions } from './sessions.js';
export { TokenSigner, serverSecret } from './tokens.js';
