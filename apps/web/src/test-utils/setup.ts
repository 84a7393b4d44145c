import { i18n, loadPageMessages } from '../lib/i18n';

// The app fetches one language's messages when it is first used (lib/i18n.ts); tests switch
// between both freely and read either through getFixedT, so both are here before any test runs.
// Every part of each language (public, shell and pages), as for a signed-in user who has opened a page.
await i18n.ready;
await loadPageMessages(i18n);
await i18n.loadLanguages(['ar', 'en']);
