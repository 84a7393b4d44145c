import { useState } from 'react';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type TAdminSettings } from '@portal/shared';
import { describeError } from '../../../lib/errors';
import { isApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useRemoveLogo, useUploadLogo } from '../api/save-settings';
import classes from '../pages/settings-page.module.css';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The company logo: saved at once on upload or removal (not with the save bar); the server checks the bytes. */
export function LogoField({ logo }: { logo: TAdminSettings['logo'] }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > LOGO_MAX_BYTES) return setError(t('settings.form.logo.tooLarge', { kb: LOGO_MAX_BYTES / 1024 }));
    try {
      await upload.mutateAsync(await readAsDataUrl(file));
      toastSuccess('settings.form.logo.uploaded');
    } catch (err) {
      if (isApiError(err) && err.code === 'payload_too_large' && !err.details?.max_side) setError(t('settings.form.logo.tooLarge', { kb: LOGO_MAX_BYTES / 1024 }));
      else if (isApiError(err) && err.code === 'validation_failed') setError(t('settings.form.logo.notImage'));
      else setError(describeError(t, err));
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(undefined);
      toastSuccess('settings.form.logo.removed');
    } catch (err) {
      setError(describeError(t, err));
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('settings.form.logo.label')}
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Box className={classes.logoBox} data-testid="settings-logo-preview">
          {logo ? <Image src={logo.url} alt={t('settings.form.logo.alt')} fit="contain" h="100%" w="100%" /> : <Text size="xs" c="dimmed" ta="center">{t('settings.form.logo.none')}</Text>}
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={(f) => void onFile(f)} accept={LOGO_CONTENT_TYPES.join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending} data-testid="settings-logo-upload">
                  {logo ? t('settings.form.logo.replace') : t('settings.form.logo.upload')}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={() => void onRemove()} data-testid="settings-logo-remove">
                {t('settings.form.logo.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('settings.form.logo.hint', { kb: LOGO_MAX_BYTES / 1024 })}
          </Text>
        </Stack>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" data-testid="settings-logo-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
