/** The tracking feature's public entry point: the request page shows its tracking link card. */
export { TrackingLinkCard } from './components/tracking-link-card';
