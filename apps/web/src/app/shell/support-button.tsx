import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { CallButton, WhatsAppButton } from '../../components/support-contact-buttons';
import { usePublicSettings } from '../../lib/public-settings';

export function SupportButton() {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const phone = settings?.support_phone;
  return (
    <Popover width={300} position="bottom-end" shadow="lg" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.support.label')} data-testid="support-button">
          <IconHeadset size={20} stroke={1.7} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="support-panel">
        <Stack gap="sm">
          <div>
            <Text fw={700}>{t('header.support.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('header.support.body')}
            </Text>
          </div>
          {phone && (
            <div>
              <Text size="xs" c="dimmed">
                {t('header.support.phone')}
              </Text>
              <Text fw={600} data-testid="support-phone">
                <Ltr>{phone}</Ltr>
              </Text>
            </div>
          )}
          <WhatsAppButton phone={phone} fullWidth data-testid="support-whatsapp">
            {t('header.support.whatsapp')}
          </WhatsAppButton>
          <CallButton phone={phone} fullWidth data-testid="support-call">
            {t('header.support.call')}
          </CallButton>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
