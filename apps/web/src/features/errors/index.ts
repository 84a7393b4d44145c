export { NotAllowedPage } from './not-allowed-page';
export { NotFoundPage } from './not-found-page';
export { CrashPage } from './crash-page';
