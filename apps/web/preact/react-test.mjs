/**
 * `react` in the unit tests: the app's runtime (`react.mjs`) plus the `act` the tests wrap their
 * renders and events in, from Preact's test utilities.
 */
export * from './react.mjs';
export { default } from './react.mjs';
export { act } from 'preact/test-utils';
