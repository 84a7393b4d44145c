import 'mantine-datatable/styles.css';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useNavigate } from 'react-router';
import type { TServiceRequestSummary } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { PriorityBadge, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import type { ListState } from '../../../lib/list-state';
import { useCatalogNames } from '../../../lib/service-options';
import { DEFAULT_SORT, type ListFilter } from './request-filters';
import { paths } from '../../../lib/paths';
import autoText from '../../../components/auto-text.module.css';
import classes from './request-card.module.css';

const SORTABLE = new Set(['number', 'status', 'priority', 'request_date', 'updated_at']);

export interface Selection {
  ids: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
}

function deviceLabel(record: TServiceRequestSummary) {
  return [record.device.brand, record.device.model].filter(Boolean).join(' ');
}

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
      {/* AutoText's rule: free text keeps the page's alignment whatever its own direction. */}
      <p className={`${classes.problem} ${autoText.root}`} dir="auto">
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
export function RequestList({
  list,
  records,
  loading,
  selection,
  showCustomer = false,
  noRecordsText,
}: {
  list: ListState<ListFilter>;
  records: TServiceRequestSummary[];
  loading: boolean;
  selection?: Selection;
  showCustomer?: boolean;
  noRecordsText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDateFormat();
  const catalog = useCatalogNames();
  // Read at the first render, as every phone/desktop switch here is: the app is drawn in the
  // browser only, and Mantine's default (false until an effect has run) drew a phone the whole
  // desktop table first, then threw it away (issue #26).
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });

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

  const sortStatus: DataTableSortStatus<TServiceRequestSummary> = { columnAccessor: list.sort ?? DEFAULT_SORT, direction: list.order };
  const selectedRecords = selection ? records.filter((r) => selection.ids.has(r.id)) : undefined;

  return (
    <DataTable<TServiceRequestSummary>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={records.length > 0 ? undefined : 180}
      records={records}
      fetching={loading}
      noRecordsText={noRecordsText}
      idAccessor="id"
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        const accessor = String(status.columnAccessor);
        if (SORTABLE.has(accessor)) list.setSort(accessor, status.direction);
      }}
      {...(selection
        ? {
            selectedRecords,
            onSelectedRecordsChange: (rows: TServiceRequestSummary[]) => {
              // Keep what was picked on other pages; this page's rows follow the checkboxes.
              const next = new Set([...selection.ids].filter((id) => !records.some((r) => r.id === id)));
              for (const row of rows) next.add(row.id);
              selection.onChange(next);
            },
          }
        : {})}
      onRowClick={({ record }) => void navigate(paths.serviceRequest(record.id))}
      customRowAttributes={(record) => ({ 'data-testid': 'sr-row', 'data-number': record.number, 'data-status': record.status })}
      columns={[
        {
          accessor: 'number',
          title: t('serviceRequests.fields.number'),
          sortable: true,
          noWrap: true,
          render: (record) => (
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              <Ltr>{record.number}</Ltr>
            </Text>
          ),
        },
        { accessor: 'status', title: t('serviceRequests.fields.status'), sortable: true, noWrap: true, render: (r) => <ServiceRequestStatusBadge status={r.status} /> },
        { accessor: 'priority', title: t('serviceRequests.fields.priority'), sortable: true, noWrap: true, render: (r) => <PriorityBadge priority={r.priority} /> },
        {
          accessor: 'problem',
          title: t('serviceRequests.fields.request'),
          render: (record) => (
            <Stack gap={0} maw={380}>
              <Text size="sm" truncate>
                <bdi dir="auto">{catalog.serviceType(record.service_type)}</bdi> · <bdi dir="auto">{catalog.faultType(record.fault_type)}</bdi>
              </Text>
              <Text size="xs" c="dimmed" truncate>
                <bdi dir="auto">{deviceLabel(record)}</bdi>
                {record.device.serial_number ? ' · ' : ''}
                {record.device.serial_number && <Ltr>{record.device.serial_number}</Ltr>}
              </Text>
            </Stack>
          ),
        },
        ...(showCustomer
          ? [{ accessor: 'customer', title: t('serviceRequests.fields.customer'), render: (r: TServiceRequestSummary) => <Text size="sm" dir="auto">{r.customer.name}</Text> }]
          : []),
        {
          accessor: 'technician',
          title: t('serviceRequests.fields.technician'),
          render: (record) =>
            record.technician ? (
              <Text size="sm" dir="auto">
                {record.technician.name}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('serviceRequests.unassigned')}
              </Text>
            ),
        },
        {
          accessor: 'request_date',
          title: t('serviceRequests.fields.requestDate'),
          sortable: true,
          render: (record) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {format.dateTime(record.request_date)}
            </Text>
          ),
        },
      ]}
    />
  );
}
