import 'mantine-datatable/styles.css';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TServiceRequestSummary } from '@portal/shared';
import { DataTable, type DataTableSortStatus } from '../../../components/data-table';
import { Ltr } from '../../../components/ltr';
import { PriorityBadge, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { useDateFormat } from '../../../lib/date-format';
import { useCatalogNames } from '../../../lib/service-options';
import { paths } from '../../../lib/paths';
import { DEFAULT_SORT } from './request-filters';
import { deviceLabel, type RequestListProps } from './request-rows';

const SORTABLE = new Set(['number', 'status', 'priority', 'request_date', 'updated_at']);

/** The requests of one page as a sortable table: wider screens (request-list.tsx draws a phone's cards). */
export default function RequestTable({ list, records, loading, selection, showCustomer = false, noRecordsText }: RequestListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDateFormat();
  const catalog = useCatalogNames();
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
