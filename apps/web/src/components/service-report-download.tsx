import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { apiFetchBlob } from '../lib/api-client';
import { saveBlob } from '../lib/download';
import { describeError } from '../lib/errors';
import { toastError } from '../lib/toast';

/** The service report as a PDF, in Arabic or English (GET /api/service-requests/:id/report?format=pdf). */
export function ServiceReportDownload({ requestId, number, size = 'sm' }: { requestId: string; number: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (lang: Language) => {
    setBusy(true);
    try {
      const blob = await apiFetchBlob(`/api/service-requests/${encodeURIComponent(requestId)}/report`, { query: { format: 'pdf', lang } });
      saveBlob(blob, `${number}-${lang}.pdf`);
    } catch (error) {
      toastError('reports.service.downloadFailed', describeError(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size={size} variant="light" leftSection={<IconFileTypePdf size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy} data-testid="report-download">
          {t('reports.service.downloadPdf')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['ar', 'en'] as const).map((lang) => (
          <Menu.Item key={lang} onClick={() => void download(lang)} data-testid={`report-download-${lang}`}>
            {t(`language.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
