import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Drawer, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconClock, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DISPATCH_SORTS, DISPATCH_VIEWS, PRIORITIES, type DispatchSort, type DispatchView, type Priority, type TDispatchCandidate, type TDispatchItem, type TSlaTarget } from '@portal/shared';
import { ListToolbar } from '../../../components/list-controls';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { TextWithCodes } from '../../../components/text-with-codes';
import { PageHeader } from '../../../components/page-header';
import { PriorityBadge, ServiceRequestStatusBadge } from '../../../components/service-request-badges';
import { describeError } from '../../../lib/errors';
import { useListState } from '../../../lib/list-state';
import { useCatalogNames } from '../../../lib/service-options';
import { toastError, toastSuccess } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/zoned-time';
import { useAssign, useCandidates, useDispatchList, useDispatchLive } from '../api';
import { ageParts, dispatchQuery, SLA_COLORS, worstSla } from '../dispatch-logic';
import { paths } from '../../../lib/paths';

const ASSIGNABLE = new Set(['pending', 'assigned']);
const FILTERS = ['status', 'priority', 'sort'] as const;

/** A URL value if it is one of `allowed`, else the fallback (a hand-edited or stale link). */
const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T | null) =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** /dashboard/service-orders (admin): open requests with their SLA, assigned and reassigned from candidates. */
export default function DispatchPage() {
  const { t, i18n } = useTranslation();
  // The view, priority, search and sort live in the URL: bookmarkable, and the dashboard links here.
  // The tab and the sort (a named order, without a direction) choose a view: the reset keeps them.
  const listState = useListState<(typeof FILTERS)[number]>({ filters: FILTERS, views: ['status', 'sort'] });
  const status = pick(listState.filters.status, DISPATCH_VIEWS, 'unassigned')!;
  const priority = pick(listState.filters.priority, PRIORITIES, null);
  const sort = pick(listState.filters.sort, DISPATCH_SORTS, 'age')!;
  const setStatus = (v: DispatchView) => listState.setFilter('status', v === 'unassigned' ? null : v);
  const setPriority = (v: Priority | null) => listState.setFilter('priority', v);
  const setSort = (v: DispatchSort) => listState.setFilter('sort', v === 'age' ? null : v);
  const q = listState.q;
  const [assigning, setAssigning] = useState<TDispatchItem | null>(null);
  useDispatchLive();
  const list = useDispatchList(dispatchQuery({ status, priority, q, sort }));
  const zone = list.data?.pages[0]?.time_zone ?? 'UTC';
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = listState.isFiltered;
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <Stack gap="md" data-testid="dispatch-page">
      <PageHeader title={t('dispatch.title')} subtitle={t('dispatch.subtitle')} />
      <Tabs value={status} onChange={(v) => v && setStatus(v as DispatchView)} keepMounted={false}>
        <Tabs.List>
          {DISPATCH_VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v} data-testid={`dispatch-tab-${v}`}>
              {t(`dispatch.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar
        search={listState.searchInput}
        onSearch={listState.setSearchInput}
        searchPlaceholder={t('dispatch.filters.search')}
        filtered={filtered}
        onReset={listState.reset}
      >
        <Select
          label={t('dispatch.filters.priority')}
          placeholder={t('dispatch.filters.anyPriority')}
          data={PRIORITIES.map((p) => ({ value: p, label: t(`serviceRequests.priority.${p}`) }))}
          value={priority}
          onChange={(v) => setPriority(v as Priority | null)}
          clearable
          w={160}
          data-testid="dispatch-priority"
        />
        <Select
          label={t('dispatch.filters.sort')}
          data={DISPATCH_SORTS.map((s) => ({ value: s, label: t(`dispatch.sort.${s}`) }))}
          value={sort}
          onChange={(v) => v && setSort(v as DispatchSort)}
          allowDeselect={false}
          w={180}
          data-testid="dispatch-sort"
        />
      </ListToolbar>

      {list.isPending ? (
        <ListLoading />
      ) : list.isError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty filtered={filtered} title={t('dispatch.empty')} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('dispatch.total', { count: total })}
          </Text>
          {items.map((item) => (
            <DispatchCard key={item.id} item={item} zone={zone} language={language} showStatus={status === 'all'} onAssign={() => setAssigning(item)} />
          ))}
          {list.hasNextPage && (
            <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
              {t('dispatch.loadMore')}
            </Button>
          )}
        </Stack>
      )}
      <AssignDrawer item={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}

function SlaBadge({ which, target, zone, language }: { which: 'response' | 'resolution'; target: TSlaTarget; zone: string; language: string }) {
  const { t } = useTranslation();
  const state = target.paused ? null : target.state;
  const due = target.due_at ? formatDateTime(target.due_at, zone, language) : null;
  return (
    <Stack gap={2} data-testid={`sla-${which}`} data-state={target.state}>
      <Text size="xs" c="dimmed">
        {t(`dispatch.sla.${which}`)}
      </Text>
      <Badge
        color={state ? SLA_COLORS[state] : 'gray'}
        variant={state === 'breached' ? 'filled' : 'light'}
        leftSection={state === 'breached' ? <IconAlertTriangle size={12} /> : state === 'at_risk' ? <IconClock size={12} /> : null}
        styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
      >
        {target.paused ? t('dispatch.sla.paused') : t(`dispatch.sla.${target.state}`)}
      </Badge>
      {due && target.state !== 'met' && (
        <Text size="xs" c={state === 'breached' ? 'red' : state === 'at_risk' ? 'orange' : 'dimmed'}>
          {t(target.state === 'breached' ? 'dispatch.sla.dueWas' : 'dispatch.sla.due', { time: due })}
        </Text>
      )}
    </Stack>
  );
}

function useAgeText(hours: number): string {
  const { t } = useTranslation();
  const p = ageParts(hours);
  if (p.minutes !== undefined) return t('dispatch.age.minutePart', { count: p.minutes });
  const h = p.hours !== undefined ? t('dispatch.age.hourPart', { count: p.hours }) : '';
  if (p.days === undefined) return h;
  const d = t('dispatch.age.dayPart', { count: p.days });
  return h ? t('dispatch.age.days', { days: d, hours: h }) : d;
}

function DispatchCard({ item, zone, language, showStatus, onAssign }: { item: TDispatchItem; zone: string; language: string; showStatus: boolean; onAssign: () => void }) {
  const { t } = useTranslation();
  const names = useCatalogNames();
  const worst = worstSla(item.sla);
  const age = useAgeText(item.age_hours);
  const border = worst === 'breached' ? 'var(--mantine-color-red-6)' : worst === 'at_risk' ? 'var(--mantine-color-orange-5)' : undefined;
  return (
    <Paper withBorder p="sm" radius="md" style={border ? { borderColor: border, borderInlineStartWidth: 4 } : undefined} data-testid="dispatch-item" data-sla={worst}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={paths.serviceRequest(item.id)} fw={600}>
              <Ltr>{item.number}</Ltr>
            </Anchor>
            <PriorityBadge priority={item.priority} />
            {showStatus && <ServiceRequestStatusBadge status={item.status} />}
          </Group>
          <Text size="sm" c="dimmed" title={formatDateTime(item.request_date, zone, language)}>
            {t('dispatch.columns.age')}: {age}
          </Text>
        </Group>
        {/* The line follows the page; each name or free text takes its own direction. */}
        <Text size="sm">
          <bdi dir="auto">{item.customer.name}</bdi> · <bdi dir="auto">{names.serviceType(item.service_type)}</bdi> ·{' '}
          <bdi dir="auto">{[item.device.brand, item.device.model].filter(Boolean).join(' ')}</bdi>
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {t('dispatch.columns.technician')}: {item.technician ? <b dir="auto">{item.technician.name}</b> : <Text span c="dimmed">{t('dispatch.unassigned')}</Text>}
          </Text>
          {item.appointment && (
            <Text size="sm" c="dimmed">
              {t('dispatch.appointment', { time: formatDateTime(item.appointment.starts_at, zone, language) })}
            </Text>
          )}
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group gap="lg" align="flex-start" wrap="wrap">
            <SlaBadge which="response" target={item.sla.response} zone={zone} language={language} />
            <SlaBadge which="resolution" target={item.sla.resolution} zone={zone} language={language} />
          </Group>
          {ASSIGNABLE.has(item.status) && (
            <Button size="xs" leftSection={<IconUserCheck size={14} />} variant={item.technician ? 'light' : 'filled'} onClick={onAssign} data-testid="dispatch-assign">
              {item.technician ? t('dispatch.reassign') : t('dispatch.assign')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function AssignDrawer({ item, onClose }: { item: TDispatchItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const candidates = useCandidates(item?.id ?? null);
  const assign = useAssign();
  const names = useCatalogNames();
  const language = i18n.resolvedLanguage ?? 'en';
  const zone = candidates.data?.time_zone ?? 'UTC';

  const choose = (c: TDispatchCandidate) => {
    if (!item) return;
    assign.mutate(
      { id: item.id, technicianId: c.id },
      {
        onSuccess: () => {
          toastSuccess('dispatch.drawer.done', undefined, { number: item.number, name: c.name });
          onClose();
        },
        onError: (error) => toastError('dispatch.drawer.failed', describeError(t, error)),
      },
    );
  };

  return (
    <Drawer
      opened={!!item}
      onClose={onClose}
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size={phone ? '100%' : 'md'}
      title={item ? <TextWithCodes text={t('dispatch.drawer.title', { number: item.number })} /> : ''}
      data-testid="dispatch-drawer"
    >
      {item && (
        <Stack gap="sm">
          <Text size="sm">{t('dispatch.drawer.serviceType', { type: names.serviceType(item.service_type) })}</Text>
          <Text size="xs" c="dimmed">
            {t('dispatch.drawer.hint')}
          </Text>
          {item.appointment && (
            <Alert variant="light" color="blue" p="xs">
              <Text size="sm">{t('dispatch.drawer.appointmentFollows', { time: formatDateTime(item.appointment.starts_at, zone, language) })}</Text>
            </Alert>
          )}
          {candidates.isPending ? (
            <ListLoading rows={4} />
          ) : candidates.isError ? (
            <ListError error={candidates.error} onRetry={() => void candidates.refetch()} />
          ) : candidates.data.items.length === 0 ? (
            <Text c="dimmed">{t('dispatch.drawer.empty')}</Text>
          ) : (
            candidates.data.items.map((c) => (
              <Paper key={c.id} withBorder p="sm" radius="md" data-testid="dispatch-candidate" data-skilled={c.has_skill} style={c.has_skill ? undefined : { opacity: 0.85 }}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} dir="auto">
                        {c.name}
                      </Text>
                      {c.current && (
                        <Badge size="sm" variant="light">
                          {t('dispatch.drawer.current')}
                        </Badge>
                      )}
                      {c.free_for_appointment === false && (
                        <Badge size="sm" color="red" variant="outline">
                          {t('dispatch.drawer.busyThen')}
                        </Badge>
                      )}
                      {!c.has_skill && (
                        <Badge size="sm" color="orange" variant="outline">
                          {t('dispatch.drawer.lacksSkill')}
                        </Badge>
                      )}
                    </Group>
                    <Button size="xs" disabled={c.current || c.free_for_appointment === false} loading={assign.isPending && assign.variables?.technicianId === c.id} onClick={() => choose(c)} data-testid="dispatch-choose">
                      {t('dispatch.drawer.choose')}
                    </Button>
                  </Group>
                  <Group gap={4} wrap="wrap">
                    {c.skills.length ? (
                      c.skills.map((s) => (
                        <Badge key={s} size="xs" variant="default" styles={{ root: { maxWidth: 'none' } }}>
                          {names.serviceType(s)}
                        </Badge>
                      ))
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('dispatch.drawer.noSkills')}
                      </Text>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('dispatch.drawer.appointmentsToday', { count: c.appointments_today })} · {t('dispatch.drawer.openRequests', { count: c.open_requests })}
                  </Text>
                  <Text size="xs" c={c.next_free ? undefined : 'dimmed'}>
                    {c.next_free ? t('dispatch.drawer.nextFree', { time: formatDateTime(c.next_free.starts_at, zone, language) }) : t('dispatch.drawer.noFree')}
                  </Text>
                </Stack>
              </Paper>
            ))
          )}
        </Stack>
      )}
    </Drawer>
  );
}
