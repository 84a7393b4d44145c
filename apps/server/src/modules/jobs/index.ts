/** The jobs module's public entry point: other modules and the app import only this file. */
export { dropPending, enqueue, type JobRow } from './queries.js';
export { createJobRunner, type JobHandler, type JobRunner, type JobRunnerOptions } from './runner.js';
