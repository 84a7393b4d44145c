import type { ReactNode } from 'react';
import classes from './tab-strip.module.css';

/**
 * A list's status tabs, scrolling sideways on a narrow screen. A plain overflow, not Mantine's
 * ScrollArea: that one measures the page in a layout effect, a forced reflow of some 60 ms in the
 * requests list's first screen, four times that on a slow phone (issue #26).
 */
export function TabStrip({ children }: { children: ReactNode }) {
  return <div className={classes.strip}>{children}</div>;
}
