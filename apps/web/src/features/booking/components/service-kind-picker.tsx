import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconDeviceDesktop, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_KINDS, type ServiceKind } from '@portal/shared';

const KIND_ICONS: Record<ServiceKind, typeof IconHome> = { home: IconHome, remote: IconDeviceDesktop, office: IconBuildingStore };

/** Where the service happens — at home, remotely, at the office — as three big buttons. */
export function ServiceKindPicker({ value, onChange, error }: { value: ServiceKind | null; onChange: (kind: ServiceKind) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('booking.fields.kind')} <Text span c="red">*</Text>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-path="service_kind" data-testid="booking-kind">
        {SERVICE_KINDS.map((kind) => {
          const KindIcon = KIND_ICONS[kind];
          const chosen = value === kind;
          return (
            <Paper
              key={kind}
              component="button"
              type="button"
              withBorder
              p="sm"
              onClick={() => onChange(kind)}
              aria-pressed={chosen}
              data-testid={`booking-kind-${kind}`}
              style={{
                cursor: 'pointer',
                textAlign: 'start',
                borderColor: chosen ? 'var(--mantine-primary-color-filled)' : undefined,
                background: chosen ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant={chosen ? 'filled' : 'light'} size={36} radius="md" style={{ flex: 'none' }}>
                  <KindIcon size={20} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {t(`booking.kind.${kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`booking.kind.${kind}Hint`)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" size="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}
