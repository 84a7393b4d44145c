// Every Mantine component's styles, for the signed-in app: loaded with its shell (see router.tsx),
// never by the public screens. Same `mantine` layer as ./mantine-public.ts, so loading it later
// changes no precedence.
import '@mantine/core/styles.layer.css';
