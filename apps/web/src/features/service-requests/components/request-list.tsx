import { lazy, Suspense } from 'react';
import { Checkbox, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { TServiceRequestSummary } from '@portal/shared';
import { ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { PriorityBadge, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import { useCatalogNames } from '../../../lib/service-options';
import { paths } from '../../../lib/paths';
import classes from './request-card.module.css';
import { deviceLabel, type RequestListProps, type Selection } from './request-rows';

const PHONE = '(max-width: 48em)';

// Wider than a phone, the rows are a table, its code (mantine-datatable) a chunk of its own:
// fetched as soon as this module is, beside the rows rather than after them. A phone, which
// draws cards, never fetches it (issue #26).
const RequestTable = lazy(() => import('./request-table'));
if (typeof window !== 'undefined' && !window.matchMedia(PHONE).matches) void import('./request-table');

/** What every card of a page says the same way: worked out once for the page, not once a card. */
interface CardWords {
  t: TFunction;
  dateTime: (value: string) => string;
  serviceType: (code: string) => string;
}

/**
 * One request as a card: the phone's list (a 390 px screen has no room for columns). Plain
 * elements and a CSS module, not Mantine's layout components, and no hooks of its own: a page
 * of cards is the list's first screen on a slow phone (issue #26, request-card.module.css).
 */
function RequestCard({ record, words, selection }: { record: TServiceRequestSummary; words: CardWords; selection?: Selection }) {
  const { t } = words;
  const checked = selection?.ids.has(record.id) ?? false;
  return (
    <div className={classes.card} data-testid="sr-row" data-number={record.number} data-status={record.status}>
      <div className={classes.head}>
        <div className={classes.lead}>
          {selection && (
            <Checkbox
              aria-label={t('serviceRequests.bulk.select', { number: record.number })}
              checked={checked}
              onChange={(event) => {
                const next = new Set(selection.ids);
                if (event.currentTarget.checked) next.add(record.id);
                else next.delete(record.id);
                selection.onChange(next);
              }}
            />
          )}
          <Link to={paths.serviceRequest(record.id)} className={classes.number}>
            <Ltr>{record.number}</Ltr>
          </Link>
        </div>
        <ServiceRequestStatusBadge status={record.status} />
      </div>
      <p className={classes.problem} dir="auto">
        {record.problem_description}
      </p>
      <p className={classes.line}>
        <span dir="auto">{words.serviceType(record.service_type)}</span> · <span dir="auto">{deviceLabel(record)}</span>
      </p>
      <div className={classes.row}>
        <PriorityBadge priority={record.priority} />
        <span className={classes.nowrap}>{words.dateTime(record.request_date)}</span>
      </div>
      {(record.technician || selection) && (
        <p className={classes.line}>
          {selection && (
            <>
              <span dir="auto">{record.customer.name}</span>
              {' · '}
            </>
          )}
          {record.technician ? <span dir="auto">{record.technician.name}</span> : t('serviceRequests.unassigned')}
        </p>
      )}
    </div>
  );
}

/**
 * The requests of one page: a sortable table on wide screens, cards on a phone. With
 * `selection` (the admin desk) each row has a checkbox; `showCustomer` adds the customer column.
 */
export function RequestList({ list, records, loading, selection, showCustomer = false, noRecordsText }: RequestListProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const catalog = useCatalogNames();
  // Read at the first render, as every phone/desktop switch here is: the app is drawn in the
  // browser only, and Mantine's default (false until an effect has run) drew a phone the whole
  // desktop table first, then threw it away (issue #26).
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });

  if (phone) {
    const words: CardWords = { t, dateTime: format.dateTime, serviceType: catalog.serviceType };
    return (
      <Stack gap="sm" data-testid="sr-cards">
        {records.map((record) => (
          <RequestCard key={record.id} record={record} words={words} selection={selection} />
        ))}
      </Stack>
    );
  }

  return (
    <Suspense fallback={<ListLoading />}>
      <RequestTable list={list} records={records} loading={loading} selection={selection} showCustomer={showCustomer} noRecordsText={noRecordsText} />
    </Suspense>
  );
}
