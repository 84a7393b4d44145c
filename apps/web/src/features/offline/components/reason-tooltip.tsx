import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

/**
 * Why the server refused a queued action, on a refused item's mark. A chunk of its own: Tooltip
 * brings floating-ui, and a refusal is rare, so the technician's first screen does not load it
 * (issue #26).
 */
export default function ReasonTooltip({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Tooltip label={reason} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      {children}
    </Tooltip>
  );
}
