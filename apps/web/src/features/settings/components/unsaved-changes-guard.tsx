import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While the form holds unsaved edits: leaving for another page asks first, and closing or
 * reloading the tab makes the browser ask.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('settings.form.leave.title')} centered>
      <Text size="sm" mb="md">
        {t('settings.form.leave.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('settings.form.leave.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="settings-leave">
          {t('settings.form.leave.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
