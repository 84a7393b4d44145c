import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LocalizedDatesProvider } from '../components/dates-provider';
import { useModalsHostWanted } from '../lib/confirm-modal';
import { i18n } from '../lib/i18n';
import { publicSettingsQuery } from '../lib/public-settings';
import { useSession } from '../lib/use-session';
// Not the feature's index: that would pull the outbox's screens into the first screen's chunk.
import { OfflineReads } from '../features/offline/offline-reads';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'portal.color-scheme' });

/**
 * Confirm dialogs are opened with `openConfirmModal()` (lib/confirm-modal.ts), which reaches
 * Mantine's provider through window events: the provider need not wrap the tree. It is mounted, as
 * a chunk of its own, from the first dialog asked for, so Modal with its scroll lock and
 * floating-ui helpers is in no first screen. (`useModals()` would need it as a wrapper: use
 * `openConfirmModal` instead.)
 */
const ModalsHost = lazy(() => import('./modals-host'));

function SignedInHosts() {
  const session = useSession();
  const wanted = useModalsHostWanted();
  if (!session || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost />
    </Suspense>
  );
}

function newQueryClient() {
  const client = createQueryClient();
  // Every screen shows the company's settings (sign-in demo card, shell brand): ask now, beside the
  // first screen's code, so that screen renders complete instead of growing when they arrive.
  void client.prefetchQuery(publicSettingsQuery);
  return client;
}

/**
 * i18n has already set <html lang dir> from the detected language; DirectionProvider starts
 * from it and follows every later change of the attribute (Mantine observes it).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={i18n.dir()} detectDirection>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          // Every theme variable from this provider's own <style>, made from the theme it holds
          // anyway, rather than Mantine's defaults from a static sheet (default-css-variables.css,
          // 27 KB, 4 KB gzip'd, in every first screen's download) and only the differences here (issue #26).
          deduplicateCssVariables={false}
        >
          <QueryClientProvider client={queryClient}>
            {/* A technician's reads kept on the device are back in the cache before the first screen. */}
            <OfflineReads client={queryClient}>
              <LocalizedDatesProvider>{children}</LocalizedDatesProvider>
            </OfflineReads>
            <SignedInHosts />
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
