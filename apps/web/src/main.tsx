// The entry: as small as can be. index.html's critical shell is painted first and only then is the
// app evaluated (app/start.tsx), so the shell shows while React and the first screen are parsed
// and run, instead of after them on a slow phone (issue #26). The app's code is already on its way
// meanwhile: the build lists it in index.html as low-priority module preloads (vite.config.ts,
// `preloadStart`), so it does not compete with the page itself for a slow link. The first screen's
// fonts are asked for here, ahead of that code, so that they are in when it first renders.
import './lib/zod-jitless';
import { afterFirstPaint } from './app/after-first-paint';
import { preloadFonts } from './app/styles/preload-fonts';
import { detectLanguage } from './lib/language-detection';

preloadFonts(detectLanguage());
void afterFirstPaint().then(() => import('./app/start'));
