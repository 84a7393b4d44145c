import { useState, useDeferredValue } from 'react';
import { Box, Button, Text } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/errors';
import { useListState } from '../../../lib/list-state';
import { toastError } from '../../../lib/toast';
import { downloadServiceRequestsCsv } from '../api/export-csv';
import { useServiceRequests } from '../api/get-service-requests';
import { BulkBar } from '../components/bulk-bar';
import { DEFAULT_ORDER, DEFAULT_SORT, LIST_FILTERS, RequestFilters, type ListFilter } from '../components/request-filters';
import { RequestList } from '../components/request-list';
import { withoutPaging } from '../list-filters';
import { useServiceRequestsLive } from '../realtime';
import { paths } from '../../../lib/paths';

/** `/dashboard/admin/service-requests`: the request desk — every request, the technician and quality-check filters, bulk actions, CSV. */
export function AdminServiceRequestsPage() {
  const { t, i18n } = useTranslation();
  const list = useListState<ListFilter>({ filters: LIST_FILTERS, defaultSort: DEFAULT_SORT, defaultOrder: DEFAULT_ORDER });
  // A new page of rows is drawn as a transition, in slices, the rows shown staying meanwhile: an
  // update of the query cache is otherwise drawn in one blocking task, long on a slow phone (#26).
  const requests = useDeferredValue(useServiceRequests(list.query));
  useServiceRequestsLive();
  // id → number, so a selection that spans pages can still name each request in the results.
  const [selected, setSelected] = useState(() => new Map<string, string>());
  const [exporting, setExporting] = useState(false);
  const page = requests.data;
  const records = page?.items ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadServiceRequestsCsv(withoutPaging(list.query), i18n.resolvedLanguage === 'ar' ? 'ar' : 'en');
    } catch (error) {
      toastError('list.exportFailed', describeError(t, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('serviceRequests.adminTitle')}
        subtitle={t('serviceRequests.adminSubtitle')}
        actions={
          <Button.Group>
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void exportCsv()} data-testid="sr-export">
              {t('list.export')}
            </Button>
            <Button component={Link} to={paths.newServiceRequest} leftSection={<IconPlus size={16} />} data-testid="sr-new">
              {t('serviceRequests.new')}
            </Button>
          </Button.Group>
        }
      />
      <RequestFilters list={list} withTechnician withQuality />
      <BulkBar
        selected={selected}
        onDone={(keep) => setSelected((current) => new Map([...current].filter(([id]) => keep.has(id))))}
      />
      {requests.isError && (
        <Box mb="md">
          <ListError error={requests.error} onRetry={() => void requests.refetch()} />
        </Box>
      )}
      {requests.isPending ? (
        <ListLoading />
      ) : records.length === 0 ? (
        <ListEmpty filtered={list.isFiltered} onReset={list.reset} title={list.isFiltered ? undefined : t('serviceRequests.empty.titleAdmin')} />
      ) : (
        <RequestList
          list={list}
          records={records}
          loading={requests.isFetching && !page}
          showCustomer
          noRecordsText={t('list.noMatchesTitle')}
          selection={{
            ids: new Set(selected.keys()),
            onChange: (ids) =>
              setSelected((current) => {
                const numbers = new Map(current);
                for (const r of records) numbers.set(r.id, r.number);
                return new Map([...ids].map((id) => [id, numbers.get(id) ?? id]));
              }),
          }}
        />
      )}
      {page && records.length > 0 && (
        <>
          <UrlListPager list={list} page={page} loading={requests.isFetching} />
          {page.total_capped && (
            <Text size="xs" c="dimmed" ta="end">
              {t('serviceRequests.totalCapped')}
            </Text>
          )}
        </>
      )}
    </>
  );
}

export default AdminServiceRequestsPage;
