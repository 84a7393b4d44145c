import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newRowKey, type CatalogName, type SettingsFormValues } from '../settings-form';

/**
 * A list of service or fault types: code (left to right), Arabic name (right to left), English
 * name (left to right); add, remove and move. A saved code is kept as it is (requests and skills
 * store it); renaming it means adding a new entry.
 */
export function CatalogEditor({
  form,
  name,
  savedCodes,
  errorOf,
}: {
  form: UseFormReturnType<SettingsFormValues>;
  name: CatalogName;
  savedCodes: ReadonlySet<string>;
  errorOf: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const rows = form.values[name];
  const listError = errorOf(name);
  return (
    <Stack gap="xs" data-testid={`settings-${name}`}>
      {rows.map((row, i) => {
        const saved = savedCodes.has(row.code) && form.getInitialValues()[name].some((e) => e.key === row.key);
        const path = `${name}.${i}`;
        return (
          <Paper key={row.key} withBorder radius="md" px="sm" py="xs" data-testid={`settings-${name}-row`}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" fw={600}>
                  {i + 1}
                </Text>
                {saved ? (
                  <Tooltip label={t('settings.form.catalog.codeFixed')} withinPortal>
                    <Badge variant="light" color="gray" radius="sm" tt="none" dir="ltr" data-testid={`settings-${name}-saved-code-${i}`}>
                      {row.code}
                    </Badge>
                  </Tooltip>
                ) : (
                  <Badge variant="light" color="teal" radius="sm">
                    {t('settings.form.catalog.new')}
                  </Badge>
                )}
              </Group>
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" color="gray" size="sm" disabled={i === 0} onClick={() => form.reorderListItem(name, { from: i, to: i - 1 })} aria-label={t('settings.form.catalog.moveUp')} title={t('settings.form.catalog.moveUp')}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" size="sm" disabled={i === rows.length - 1} onClick={() => form.reorderListItem(name, { from: i, to: i + 1 })} aria-label={t('settings.form.catalog.moveDown')} title={t('settings.form.catalog.moveDown')}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="sm" disabled={rows.length === 1} onClick={() => form.removeListItem(name, i)} aria-label={t('settings.form.catalog.remove')} title={t('settings.form.catalog.remove')} data-testid={`settings-${name}-remove-${i}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: saved ? 2 : 3 }} spacing="xs" verticalSpacing={6}>
              {!saved && (
                <TextInput
                  label={t('settings.form.catalog.code')}
                  size="xs"
                  dir="ltr"
                  required
                  {...form.getInputProps(`${path}.code`)}
                  onChange={(e) => form.setFieldValue(`${path}.code`, e.currentTarget.value.toLowerCase())}
                  error={errorOf(`${path}.code`)}
                  data-testid={`settings-${name}-code-${i}`}
                />
              )}
              <TextInput
                label={t('settings.form.catalog.nameAr')}
                size="xs"
                dir="rtl"
                lang="ar"
                required
                {...form.getInputProps(`${path}.name_ar`)}
                error={errorOf(`${path}.name_ar`)}
                data-testid={`settings-${name}-name-ar-${i}`}
              />
              <TextInput
                label={t('settings.form.catalog.nameEn')}
                size="xs"
                dir="ltr"
                lang="en"
                required
                {...form.getInputProps(`${path}.name_en`)}
                error={errorOf(`${path}.name_en`)}
                data-testid={`settings-${name}-name-en-${i}`}
              />
            </SimpleGrid>
            {!saved && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('settings.form.catalog.codeHint')}
              </Text>
            )}
          </Paper>
        );
      })}
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem(name, { key: newRowKey(), code: '', name_ar: '', name_en: '' })}
          data-testid={`settings-${name}-add`}
        >
          {t(`settings.form.catalog.add.${name}`)}
        </Button>
      </Group>
    </Stack>
  );
}
