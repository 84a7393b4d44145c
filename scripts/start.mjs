// `npm start`: build what is missing, then run the server (web app + API) in this process,
// so Ctrl-C and SIGTERM reach it directly and it shuts the database down cleanly.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../apps/server/dist/main.js');
