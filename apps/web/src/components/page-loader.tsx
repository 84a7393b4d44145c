import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or the session is loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite" data-testid="page-loader">
      <Loader type="dots" size="lg" aria-label={t('app.loading')} />
    </Center>
  );
}
