import { useDeferredValue } from 'react';
import { Box, Button, Text } from '@mantine/core';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '@portal/shared';
import { UrlListPager } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useListState } from '../../../lib/list-state';
import { useCurrentUser } from '../../../lib/use-session';
import { useServiceRequests } from '../api/get-service-requests';
import { DEFAULT_ORDER, DEFAULT_SORT, LIST_FILTERS, RequestFilters, type ListFilter } from '../components/request-filters';
import { RequestList } from '../components/request-list';
import { useServiceRequestsLive } from '../realtime';
import { paths } from '../../../lib/paths';

/** `/dashboard/service-requests`: the customer's own requests, a technician's assigned ones, an admin's all. */
export function ServiceRequestsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const list = useListState<ListFilter>({ filters: LIST_FILTERS, defaultSort: DEFAULT_SORT, defaultOrder: DEFAULT_ORDER });
  // A new page of rows is drawn as a transition, in slices, the rows shown staying meanwhile: an
  // update of the query cache is otherwise drawn in one blocking task, long on a slow phone (#26).
  const requests = useDeferredValue(useServiceRequests(list.query));
  useServiceRequestsLive();
  const mayCreate = can(user.role, 'create:service_request');
  const page = requests.data;
  const newButton = mayCreate && (
    <Button component={Link} to={paths.newServiceRequest} leftSection={<IconPlus size={16} />} data-testid="sr-new">
      {t('serviceRequests.new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('serviceRequests.title')} subtitle={t(`serviceRequests.subtitle.${user.role}`, { defaultValue: '' }) || undefined} actions={newButton} />
      <RequestFilters list={list} />
      {requests.isError && (
        <Box mb="md">
          <ListError error={requests.error} onRetry={() => void requests.refetch()} />
        </Box>
      )}
      {requests.isPending ? (
        <ListLoading />
      ) : page && page.items.length === 0 && !list.isFiltered && list.pageIndex === 0 ? (
        <ListEmpty
          icon={IconClipboardList}
          title={t('serviceRequests.empty.title')}
          body={t(mayCreate ? 'serviceRequests.empty.bodyCreate' : 'serviceRequests.empty.body')}
          action={mayCreate && (
            <Button component={Link} to={paths.newServiceRequest} leftSection={<IconPlus size={16} />} data-testid="sr-empty-new">
              {t('serviceRequests.empty.action')}
            </Button>
          )}
        />
      ) : page && page.items.length === 0 ? (
        <ListEmpty filtered onReset={list.reset} />
      ) : (
        <RequestList list={list} records={page?.items ?? []} loading={requests.isFetching && !page} noRecordsText={t('list.noMatchesTitle')} />
      )}
      {page && page.items.length > 0 && (
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

export default ServiceRequestsPage;
