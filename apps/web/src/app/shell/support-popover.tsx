import { Popover, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { usePopupOpened, type OnDemandProps } from '../../components/on-demand';
import { CallButton, WhatsAppButton } from '../../components/support-contact-buttons';
import { usePublicSettings } from '../../lib/public-settings';

/** The support panel itself: loaded when first wanted (support-button.tsx). */
export default function SupportPopover({ initiallyOpened, trigger }: OnDemandProps) {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const phone = settings?.support_phone;
  const [opened, setOpened] = usePopupOpened(initiallyOpened);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus width={300} position="bottom-end" shadow="lg" withArrow>
      <Popover.Target>{trigger({ onClick: () => setOpened((o) => !o) })}</Popover.Target>
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
