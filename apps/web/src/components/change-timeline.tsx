import type { ReactNode } from 'react';
import { Text, Timeline } from '@mantine/core';
import { useDateFormat } from '../lib/date-format';

export interface ChangeEntry {
  title: ReactNode;
  color: string;
  /** Who made the change (free text: shown dir="auto"), if anyone. */
  actor: string | null;
  /** ISO 8601, shown in the company's time zone. */
  at: string;
  note: string | null;
  /** data-* attributes of the entry (what tests and styles key on). */
  data?: Record<`data-${string}`, string>;
}

/** A record's changes, oldest first: what happened, who, when, and the note — the one timeline of every history. */
export function ChangeTimeline({ entries, testId, entryTestId }: { entries: readonly ChangeEntry[]; testId: string; entryTestId: string }) {
  const format = useDateFormat();
  return (
    <Timeline active={entries.length - 1} bulletSize={18} lineWidth={2} data-testid={testId}>
      {entries.map((entry, index) => (
        <Timeline.Item key={`${entry.at}-${index}`} color={entry.color} title={entry.title} data-testid={entryTestId} {...entry.data}>
          <Text size="xs" c="dimmed">
            {entry.actor ? (
              <>
                <Text span dir="auto" inherit>
                  {entry.actor}
                </Text>
                {' · '}
              </>
            ) : null}
            {format.dateTime(entry.at)}
          </Text>
          {entry.note && (
            <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-line' }}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
