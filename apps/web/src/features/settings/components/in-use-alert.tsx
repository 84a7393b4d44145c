import { useCallback } from 'react';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InUseLine } from '../settings-form';
import { paths } from '../../../lib/paths';
import { listFormat } from '../../../lib/intl-format';

/** A save refused because a removed catalogue code is still in use: which code, by whom. */
export function InUseAlert({ lines, onClose }: { lines: InUseLine[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const list = listFormat(i18n.resolvedLanguage ?? 'ar', { type: 'conjunction' });
  // It appears below the lists, far from the save button: bring it into view once.
  const reveal = useCallback((el: HTMLDivElement | null) => el?.scrollIntoView({ behavior: 'smooth', block: 'center' }), []);
  return (
    <Alert ref={reveal} color="orange" icon={<IconAlertTriangle size={18} />} title={t('settings.form.inUse.title')} withCloseButton onClose={onClose} data-testid="settings-in-use">
      <Text size="sm" mb="xs">
        {t('settings.form.inUse.body')}
      </Text>
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={`${line.list}-${line.code}`}>
            <Text span size="sm" fw={600} dir="ltr">
              {line.code}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              ({t(`settings.form.sections.${line.list}`)})
            </Text>
            {line.technicians.length > 0 && (
              <Text size="sm">
                {t('settings.form.inUse.technicians')}: <bdi>{list.format(line.technicians)}</bdi>
              </Text>
            )}
            {line.requests.length > 0 && (
              <Text size="sm">
                {t('settings.form.inUse.requests')}:{' '}
                {line.requests.map((r, i) => (
                  <span key={r.id}>
                    {i > 0 && ' '}
                    <Anchor component={Link} to={paths.serviceRequest(r.id)} dir="ltr">
                      {r.number}
                    </Anchor>
                  </span>
                ))}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
