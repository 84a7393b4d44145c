import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Skeleton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';

/**
 * Draws `children` once its place on the page first comes into view, and a skeleton of
 * `height` px until then (and while a lazy child's code loads). For heavy parts below the first
 * screen — a chart under a dashboard's figures — whose code then loads only when a reader gets
 * there (issue #26). Once drawn, it stays.
 */
export function WhenVisible({ height, children }: { height: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const placeholder = <Skeleton h={height} radius="md" />;
  if (!seen) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
