/**
 * The module's SQL, one job a file: who sees which requests (visibility), the search, one
 * request's detail and row lock (find), the list statements (list-query). Importers take it
 * from here.
 */
export * from './visibility.js';
export * from './search.js';
export * from './find.js';
export * from './list-query.js';
