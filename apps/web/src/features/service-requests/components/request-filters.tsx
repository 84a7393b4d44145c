import { Button, Group, Select, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, QUALITY_FILTERS, SERVICE_REQUEST_SORTS } from '@portal/shared';
import type { ListState } from '../../../lib/list-state';
import { useCatalogNames } from '../../../lib/service-options';
import { ALL_STATUSES, STATUS_TABS, statusFilterOf, statusTabOf, type StatusTab } from '../list-filters';
import { UserPicker } from '../../../components/user-picker';
import { DateRangeFields } from '../../../components/date-field';
import { TabStrip } from '../../../components/tab-strip';
import { FilterPanel } from '../../../components/filter-panel';

export const LIST_FILTERS = ['status', 'priority', 'service_type', 'technician_id', 'quality', 'from', 'to'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const DEFAULT_SORT = 'request_date';
export const DEFAULT_ORDER = 'desc';

/**
 * Status tabs (with the "active" preset), search, priority, service type, date range and sort —
 * and for admins the technician, with "unassigned", and the quality check ("awaiting quality
 * check" is the admin dashboard's figure). On a phone the filters fold behind a button.
 */
export function RequestFilters({
  list,
  withTechnician = false,
  withQuality = false,
  defaultTab = 'all',
}: {
  list: ListState<ListFilter>;
  withTechnician?: boolean;
  /** The quality-check filter (admins: the request desk). */
  withQuality?: boolean;
  /** The tab shown while the URL names no status (the list's own default). */
  defaultTab?: StatusTab;
}) {
  const { t } = useTranslation();
  const catalog = useCatalogNames();
  const tab = list.filters.status ? statusTabOf(list.filters.status) : defaultTab;
  const pickTab = (value: StatusTab) =>
    list.setFilter('status', value === defaultTab ? null : value === 'all' ? ALL_STATUSES : statusFilterOf(value));
  const technician = list.filters.technician_id;

  const sortValue = `${list.sort ?? DEFAULT_SORT}:${list.order}`;
  const sortOptions = SERVICE_REQUEST_SORTS.flatMap((sort) =>
    (['desc', 'asc'] as const).map((order) => ({ value: `${sort}:${order}`, label: t(`serviceRequests.sort.${sort}_${order}`) })),
  );

  return (
    <>
      <TabStrip>
        <Tabs value={tab ?? ''} onChange={(value) => value && pickTab(value as StatusTab)}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {STATUS_TABS.map((value) => (
              <Tabs.Tab key={value} value={value} data-testid={`sr-tab-${value}`} style={{ whiteSpace: 'nowrap' }}>
                {t(value === 'all' || value === 'active' ? `serviceRequests.tabs.${value}` : `serviceRequests.status.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </TabStrip>

      <FilterPanel
        list={list}
        search={{ label: t('serviceRequests.filters.search'), placeholder: t('serviceRequests.filters.searchPlaceholder') }}
        testId="sr"
      >
        <Select
          label={t('serviceRequests.fields.priority')}
          placeholder={t('serviceRequests.filters.any')}
          clearable
          data={PRIORITIES.map((p) => ({ value: p, label: t(`serviceRequests.priority.${p}`) }))}
          value={list.filters.priority ?? null}
          onChange={(value) => list.setFilter('priority', value)}
          data-testid="sr-filter-priority"
        />
        <Select
          label={t('serviceRequests.fields.serviceType')}
          placeholder={t('serviceRequests.filters.any')}
          clearable
          searchable
          data={catalog.entries(catalog.options.data?.service_types)}
          value={list.filters.service_type ?? null}
          onChange={(value) => list.setFilter('service_type', value)}
          data-testid="sr-filter-service-type"
        />
        {withTechnician && (
          <Group gap={6} align="flex-end" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <UserPicker
                role="technician"
                label={t('serviceRequests.fields.technician')}
                value={technician && technician !== 'none' ? technician : null}
                onChange={(id) => list.setFilter('technician_id', id)}
                testId="sr-filter-technician"
              />
            </div>
            <Button
              variant={technician === 'none' ? 'filled' : 'default'}
              onClick={() => list.setFilter('technician_id', technician === 'none' ? null : 'none')}
              data-testid="sr-filter-unassigned"
              aria-pressed={technician === 'none'}
            >
              {t('serviceRequests.filters.unassigned')}
            </Button>
          </Group>
        )}
        {withQuality && (
          <Select
            label={t('serviceRequests.filters.quality')}
            placeholder={t('serviceRequests.filters.any')}
            clearable
            data={QUALITY_FILTERS.map((q) => ({ value: q, label: t(`serviceRequests.filters.qualityOptions.${q}`) }))}
            value={list.filters.quality ?? null}
            onChange={(value) => list.setFilter('quality', value)}
            data-testid="sr-filter-quality"
          />
        )}
        <DateRangeFields
          list={list}
          names={['from', 'to']}
          labels={[t('serviceRequests.filters.dateFrom'), t('serviceRequests.filters.dateTo')]}
          testId="sr-filter"
        />
        <Select
          label={t('serviceRequests.filters.sort')}
          allowDeselect={false}
          data={sortOptions}
          value={sortValue}
          onChange={(value) => {
            if (!value) return;
            const [sort, order] = value.split(':') as [string, 'asc' | 'desc'];
            list.setSort(sort, order);
          }}
          data-testid="sr-sort"
        />
      </FilterPanel>
    </>
  );
}
