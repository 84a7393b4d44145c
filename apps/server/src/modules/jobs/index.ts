/** The jobs module's public entry point: other modules and the app import only this file. */
export { dropPending, enqueue } from './queue.js';
export { createJobRunner, type JobHandler, type JobRow, type JobRunner, type JobRunnerOptions } from './runner.js';
