import { useState } from 'react';
import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RECEIPT_SIZES, type ReceiptSize } from '@portal/shared';
import { apiFetchBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { describeError } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n';
import { toastError } from '../../../lib/toast';

/**
 * Opens the intake receipt (GET /api/service-requests/:id/receipt?format=pdf) in the page's
 * language in a new tab. The tab is opened within the click (a popup blocker lets that through)
 * and pointed at the PDF once it arrives with the session's token; where no tab could open, the
 * file is saved instead.
 */
function usePrintReceipt(requestId: string, number: string) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<ReceiptSize | null>(null);
  const print = async (size: ReceiptSize) => {
    const lang = currentLanguage(i18n);
    const tab = window.open('', '_blank');
    setBusy(size);
    try {
      const blob = await apiFetchBlob(`/api/service-requests/${encodeURIComponent(requestId)}/receipt`, { query: { format: 'pdf', lang, size } });
      if (tab && !tab.closed) {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        // The tab holds its own copy once loaded; a minute is plenty.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        saveBlob(blob, `${number}-receipt-${size}-${lang}.pdf`);
      }
    } catch (error) {
      tab?.close();
      toastError('receipt.failed', describeError(t, error));
    } finally {
      setBusy(null);
    }
  };
  return { print, busy };
}

/** The detail page's "Receipt" menu: A4 or an 80 mm roll. */
export function ReceiptMenu({ requestId, number, size = 'sm' }: { requestId: string; number: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { print, busy } = usePrintReceipt(requestId, number);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size={size} variant="light" leftSection={<IconReceipt size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy !== null} data-testid="receipt-menu">
          {t('receipt.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {RECEIPT_SIZES.map((s) => (
          <Menu.Item key={s} onClick={() => void print(s)} data-testid={`receipt-print-${s}`}>
            {t(`receipt.sizes.${s}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Right after an admin raised a request at the counter: print its receipt now. */
export function ReceiptOffer({ requestId, number, onClose }: { requestId: string; number: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { print, busy } = usePrintReceipt(requestId, number);
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t('receipt.offerTitle')} withCloseButton onClose={onClose} mb="md" data-testid="receipt-offer">
      <Text size="sm" mb="sm">
        {t('receipt.offerBody')}
      </Text>
      <Group gap="xs">
        {RECEIPT_SIZES.map((s) => (
          <Button key={s} size="sm" variant={s === 'a4' ? 'filled' : 'default'} leftSection={<IconReceipt size={16} />} loading={busy === s} onClick={() => void print(s)} data-testid={`receipt-offer-${s}`}>
            {t(`receipt.print.${s}`)}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
