import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTransfer } from '@portal/shared';
import { describeError } from '../../../lib/errors';
import { toastError } from '../../../lib/toast';
import { downloadTransferDocument } from '../api/download-transfer-document';
import { paths } from '../../../lib/paths';

/** Print view, and the delivery note as PDF or CSV in the reader's language. */
export function DocumentButtons({ transfer, withPrintLink = true }: { transfer: Pick<TTransfer, 'id' | 'number'>; withPrintLink?: boolean }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ar';

  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadTransferDocument(transfer.id, transfer.number, { format, lang });
    } catch (error) {
      toastError('transfers.document.failed', describeError(t, error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xs" data-testid="transfer-documents">
      {withPrintLink && (
        <Button variant="default" size="sm" component={Link} to={paths.transferPrint(transfer.id)} leftSection={<IconPrinter size={16} />} data-testid="transfer-print-link">
          {t('transfers.document.print')}
        </Button>
      )}
      <Button variant="default" size="sm" loading={busy === 'pdf'} leftSection={<IconFileTypePdf size={16} />} onClick={() => void download('pdf')} data-testid="transfer-download-pdf">
        {t('transfers.document.pdf')}
      </Button>
      <Button variant="default" size="sm" loading={busy === 'csv'} leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('csv')} data-testid="transfer-download-csv">
        {t('transfers.document.csv')}
      </Button>
    </Group>
  );
}
