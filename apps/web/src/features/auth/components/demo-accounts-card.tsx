import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRole, type TPublicSettings } from '@portal/shared';
import { Ltr } from '../../../components/ltr';

/** Demo mode only: the demo accounts; choosing one fills the sign-in form. */
export function DemoAccountsCard({
  demo,
  onPick,
}: {
  demo: NonNullable<TPublicSettings['demo']>;
  onPick: (email: string, password: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="demo-accounts">
      <Stack gap={2} mb="sm">
        <Text fw={700}>{t('auth.demo.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth.demo.hint')}
        </Text>
      </Stack>
      <Stack gap={6}>
        {demo.accounts.map((account) => (
          <UnstyledButton
            key={account.email}
            type="button"
            onClick={() => onPick(account.email, demo.password)}
            data-testid={`demo-account-${account.email}`}
            p="xs"
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconUserCircle size={20} stroke={1.5} style={{ flex: 'none' }} />
                <Text size="sm" truncate>
                  <Ltr>{account.email}</Ltr>
                </Text>
              </Group>
              <Badge variant="light" size="sm" style={{ flex: 'none' }}>
                {isRole(account.role) ? t(`roles.${account.role}`) : account.role}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <Text size="sm" mt="sm" c="dimmed">
        {t('auth.demo.password')}: <Ltr>
          <Text span ff="monospace" fw={600} c="var(--mantine-color-text)">
            {demo.password}
          </Text>
        </Ltr>
      </Text>
    </Card>
  );
}
