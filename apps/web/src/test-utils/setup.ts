import { i18n } from '../lib/i18n';

// The app fetches one language's messages when it is first used (lib/i18n.ts); tests switch
// between both freely and read either through getFixedT, so both are here before any test runs.
await i18n.loadLanguages(['ar', 'en']);
await i18n.ready;
