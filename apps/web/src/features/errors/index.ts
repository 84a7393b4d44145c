export { NotAllowedPage } from './pages/not-allowed-page';
export { NotFoundPage } from './pages/not-found-page';
export { CrashPage } from './pages/crash-page';
