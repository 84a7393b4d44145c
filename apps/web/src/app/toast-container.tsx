/**
 * Mantine's toasts container, as a chunk of its own (toasts.tsx draws it from the first toast).
 * A module of ours rather than `import('@mantine/notifications')`: a dynamic import of the
 * package's index would hold its whole namespace, and the bundler then put the container in the
 * chunk every first screen loads for the small `notifications` store API.
 */
export { Notifications as default } from '@mantine/notifications';
