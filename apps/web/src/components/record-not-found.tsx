import { Alert, Anchor } from '@mantine/core';
import { IconFileUnknown, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-client';
import { describeError } from '../lib/errors';
import { PageLoader } from './page-loader';
import { StatusPanel } from './status-panel';

/** Whether a record's query failed because there is no such record: unknown (404) or not an id at all (400). */
export function isRecordMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

interface RecordNotFoundProps {
  icon?: Icon;
  title: string;
  body: string;
  backTo: string;
  backLabel: string;
  testId: string;
}

/** A detail page's "no such record", with the way back to its list. */
export function RecordNotFound({ icon = IconFileUnknown, title, body, backTo, backLabel, testId }: RecordNotFoundProps) {
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

/**
 * What a detail page shows while its record's query has none: the loader while it loads, then
 * RecordNotFound (`notFound`) when there is no such record, or why it failed.
 */
export function RecordQueryFallback({ query, notFound }: { query: { isPending: boolean; error: unknown }; notFound: RecordNotFoundProps }) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (isRecordMissing(query.error)) return <RecordNotFound {...notFound} />;
  return <Alert color="red">{describeError(t, query.error)}</Alert>;
}
