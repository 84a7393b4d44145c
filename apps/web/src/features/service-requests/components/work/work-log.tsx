import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TServiceRequest } from '@portal/shared';
import { useDateFormat } from '../../../../lib/date-format';
import { formatElapsed } from '../../../../lib/format-duration';
import { QueuedMark } from '../../../offline';
import { useWorkCall } from '../../api/work';
import { WorkBlock } from './work-block';
import { WorkErrorLine } from './work-error-line';

/** Start, pause, resume, with a timer that runs while an entry is open; the log below. */
export function WorkLog({ request }: { request: TServiceRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateFormat();
  const call = useWorkCall(request.id);
  const [note, setNote] = useState('');
  const running = request.work.open_entry_id !== null;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setTick(0);
    const timer = setInterval(() => setTick(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running, request.work.duration_seconds]);
  const can = request.work_actions.log_work;
  const act = (path: 'work-log/start' | 'work-log/stop') =>
    call.mutate({ path, body: { note: note || null } }, { onSuccess: () => setNote('') });

  return (
    <WorkBlock title={t('work.log.title')} testId="work-log">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(running ? 'work.log.running' : 'work.log.total')}
            </Text>
            <Text fz={28} fw={700} data-testid="work-duration" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <bdi>{formatElapsed(request.work.duration_seconds + (running ? tick : 0), language)}</bdi>
            </Text>
          </Stack>
          {can &&
            (running ? (
              <Button size="lg" color="orange" leftSection={<IconPlayerPause size={20} />} loading={call.isPending} onClick={() => act('work-log/stop')} data-testid="work-pause">
                {t('work.log.pause')}
              </Button>
            ) : (
              <Button size="lg" color="indigo" leftSection={<IconPlayerPlay size={20} className="mirror-in-rtl" />} loading={call.isPending} onClick={() => act('work-log/start')} data-testid="work-start">
                {t(request.status === 'assigned' ? 'work.log.start' : 'work.log.resume')}
              </Button>
            ))}
        </Group>
        {can && (
          <TextInput
            label={t('work.log.note')}
            placeholder={t('work.log.notePlaceholder')}
            dir="auto"
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="work-note"
          />
        )}
        <WorkErrorLine error={call.error} />
        {request.work.work_log.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('work.log.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {request.work.work_log.map((entry) => (
              <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="work-log-entry">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm">
                    {format.dateTime(entry.started_at)} – {entry.ended_at ? format.dateTime(entry.ended_at) : t('work.log.now')}
                  </Text>
                  {entry.note && (
                    <Text size="xs" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                      {entry.note}
                    </Text>
                  )}
                </Stack>
                <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    <bdi>{formatElapsed(entry.seconds, language)}</bdi>
                  </Text>
                  <QueuedMark requestId={request.id} id={entry.id} />
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </WorkBlock>
  );
}
