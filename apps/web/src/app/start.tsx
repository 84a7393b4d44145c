// The app itself, started by main.tsx once the critical shell has been painted. Its stylesheet
// (the imports below) comes with it, so nothing but index.html stands before the first paint.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/mantine-public';
import './global.css';
import { currentLanguage, i18n, loadSignedInMessages } from '../lib/i18n';
import { getSession, onAuthStateChange } from '../lib/session-store';
import { loadShellStyles } from './styles/load-styles';
import { firstScreenFontsReady } from './styles/preload-fonts';
import { App } from './app';
import { router } from './router';
import { followLanguageInManifest, loadNewVersionOnNextScreen, noticeIfUpdated, registerServiceWorker } from './pwa';

// A signed-in visitor needs the shell's styles and messages: fetch them beside the first screen's
// code rather than after it (the shell and RequireAuth also wait for them, see router.tsx and
// guards.tsx). Any other page brings its own (router.tsx, `signedInPage`).
function prepareSignedIn(): void {
  void loadShellStyles();
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

/** How long the first screen waits for a slow font before it is drawn anyway (in the fallback, swapped later). */
const FONT_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first screen is drawn once its language's messages are here (one small request, made
// while React and the first route's code load), never with raw keys; and once its fonts are in
// (asked for by main.tsx, so normally long since), so that its text is laid out once and does not
// jump. As a transition, so React renders it in slices of a few milliseconds and the page stays
// responsive on a slow phone instead of freezing for the whole first render; the critical shell
// stays until it commits.
void Promise.allSettled([i18n.ready, firstScreenFontsReady(currentLanguage(i18n), FONT_WAIT_MS)]).then(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  if (installable) {
    registerServiceWorker();
    loadNewVersionOnNextScreen(router);
    // This module's own hashed address names the build.
    noticeIfUpdated(import.meta.url, i18n);
  }
});
