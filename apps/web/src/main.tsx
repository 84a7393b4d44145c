import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles/fonts.css';
import './app/styles/mantine-public';
import './app/global.css';
import { currentLanguage, i18n, loadSignedInMessages } from './lib/i18n';
import { getSession, onAuthStateChange } from './lib/session-store';
import { loadFullStyles } from './app/styles/load-full-styles';
import { preloadFonts } from './app/styles/preload-fonts';
import { App } from './app/app';
import { router } from './app/router';
import { followLanguageInManifest, loadNewVersionOnNextScreen, noticeIfUpdated, registerServiceWorker } from './app/pwa';

preloadFonts(currentLanguage(i18n));

// A signed-in visitor needs every component's styles and the signed-in screens' messages: fetch
// them beside the first screen's code rather than after it (the shell and RequireAuth also wait
// for them, see router.tsx and guards.tsx).
function prepareSignedIn(): void {
  void loadFullStyles();
  void loadSignedInMessages(i18n);
}
if (getSession()) prepareSignedIn();
onAuthStateChange((_event, session) => {
  if (session) prepareSignedIn();
});

// The installable app (issue #27): production builds only — never in vite dev or the unit tests,
// where a worker would serve stale code.
const installable = import.meta.env.PROD;
if (installable) followLanguageInManifest(i18n);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first screen is drawn once its language's messages are here (one small request, made
// while React and the first route's code load), never with raw keys.
void i18n.ready.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (installable) {
    registerServiceWorker();
    loadNewVersionOnNextScreen(router);
    // This module's own hashed address names the build.
    noticeIfUpdated(import.meta.url, i18n);
  }
});
