import { i18n, loadSignedInMessages } from '../lib/i18n';

// The app fetches one language's messages when it is first used (lib/i18n.ts); tests switch
// between both freely and read either through getFixedT, so both are here before any test runs.
// Both parts of each language (the public one and the signed-in one), as for a signed-in user.
await i18n.ready;
await loadSignedInMessages(i18n);
await i18n.loadLanguages(['ar', 'en']);
