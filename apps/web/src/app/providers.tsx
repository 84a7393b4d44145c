import { useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { TOAST_LIMIT } from '@portal/shared';
import { i18n } from '../lib/i18n';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'portal.color-scheme' });

/**
 * i18n has already set <html lang dir> from the detected language; DirectionProvider starts
 * from it and follows every later change of the attribute (Mantine observes it).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={i18n.dir()} detectDirection>
        <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
          <Notifications limit={TOAST_LIMIT} position="top-center" zIndex={1000} />
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>{children}</ModalsProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
