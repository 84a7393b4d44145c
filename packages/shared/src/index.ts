export * from './roles.js';
export * from './capabilities.js';
export * from './errors.js';
export * from './constants.js';
export * from './auth.js';
export * from './settings.js';
