import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconMailOff, IconUnlink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@portal/shared';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePublicSettings } from '../../../lib/public-settings';
import { useSession } from '../../../lib/use-session';
import { unsubscribe } from '../api/email-preferences';

/**
 * The unsubscribe link of every customer e-mail (`/unsubscribe/:token`, issue #28), signed out or
 * in: confirms with a button (a mail scanner that opens links turns nothing off), then says done,
 * or that the link is not valid.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const session = useSession();
  const { data: settings } = usePublicSettings();
  const [state, setState] = useState<'ask' | 'done' | 'invalid'>(() => (UNSUBSCRIBE_TOKEN_PATTERN.test(token) ? 'ask' : 'invalid'));
  const stop = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: () => setState('done'),
    onError: (error) => {
      if (isApiError(error) && error.status === 404) setState('invalid');
    },
  });

  const links = (
    <Group justify="center" gap="lg">
      <Anchor component={Link} to={session ? paths.preferences : paths.login} size="sm" fw={600} data-testid="unsubscribe-preferences">
        {t('emailPreferences.unsubscribe.managePreferences')}
      </Anchor>
      <Anchor component={Link} to={paths.landing} size="sm" data-testid="unsubscribe-home">
        {t('emailPreferences.unsubscribe.home')}
      </Anchor>
    </Group>
  );

  return (
    <Box mih="100dvh" p="md" style={{ background: 'var(--mantine-color-body)' }}>
      <Group justify="space-between" maw={520} mx="auto" mb="xl">
        <Group gap="xs">
          <BrandMark size={32} />
          <Text fw={700} dir="auto">
            {settings?.company_name ?? t('app.name')}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
      <Center>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%" data-testid="unsubscribe">
          {state === 'ask' && (
            <Stack gap="md" align="center" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconMailOff size={30} />
              </ThemeIcon>
              <Title order={1} fz={22}>
                {t('emailPreferences.unsubscribe.title')}
              </Title>
              <Text>{t('emailPreferences.unsubscribe.body')}</Text>
              {stop.isError && (
                <Alert color="red" variant="light" w="100%" ta="start" title={t('emailPreferences.unsubscribe.failed')} data-testid="unsubscribe-error">
                  {describeError(t, stop.error)}
                </Alert>
              )}
              <Button size="md" fullWidth loading={stop.isPending} onClick={() => stop.mutate()} data-testid="unsubscribe-confirm">
                {t('emailPreferences.unsubscribe.confirm')}
              </Button>
              {links}
            </Stack>
          )}
          {state === 'done' && (
            <Stack gap="md" align="center" ta="center" data-testid="unsubscribe-done">
              <ThemeIcon size={56} radius="xl" variant="light" color="teal">
                <IconMailCheck size={30} />
              </ThemeIcon>
              <Title order={1} fz={22}>
                {t('emailPreferences.unsubscribe.doneTitle')}
              </Title>
              <Text>{t('emailPreferences.unsubscribe.doneBody')}</Text>
              {links}
            </Stack>
          )}
          {state === 'invalid' && (
            <Stack gap="md" align="center" ta="center" data-testid="unsubscribe-invalid">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                <IconUnlink size={30} />
              </ThemeIcon>
              <Title order={1} fz={22}>
                {t('emailPreferences.unsubscribe.invalidTitle')}
              </Title>
              <Text>{t('emailPreferences.unsubscribe.invalidBody')}</Text>
              {links}
            </Stack>
          )}
        </Paper>
      </Center>
    </Box>
  );
}

export default UnsubscribePage;
