export * from './roles.js';
export * from './capabilities.js';
export * from './errors.js';
export * from './constants.js';
export * from './auth.js';
export * from './settings.js';
export * from './notifications.js';
export * from './realtime.js';
