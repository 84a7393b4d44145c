import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react`: only `useMergeRefs`. The build
 * resolves that one import here (vite.config.ts, `scrollAreaWithoutFloatingUi`), so a page with a
 * table or a scroll area does not download floating-ui, the popups' positioning engine (15 KB
 * gzip), before any popup is opened (issue #26). Mantine's own hook does the same job: one
 * callback ref that sets every given ref and runs their React 19 cleanups.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
