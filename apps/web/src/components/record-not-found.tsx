import { Anchor } from '@mantine/core';
import { IconFileUnknown, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-client';
import { StatusPanel } from './status-panel';

/** Whether a record's query failed because there is no such record: unknown (404) or not an id at all (400). */
export function isRecordMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** A detail page's "no such record", with the way back to its list. */
export function RecordNotFound({
  icon = IconFileUnknown,
  title,
  body,
  backTo,
  backLabel,
  testId,
}: {
  icon?: Icon;
  title: string;
  body: string;
  backTo: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <StatusPanel
      icon={icon}
      color="gray"
      title={title}
      body={body}
      action={
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      }
      testId={testId}
    />
  );
}
