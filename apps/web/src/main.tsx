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

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first screen is drawn once its language's messages are here (one small request, made
// while React and the first route's code load), never with raw keys.
void i18n.ready.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
