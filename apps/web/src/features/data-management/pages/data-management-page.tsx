import { useState } from 'react';
import { SimpleGrid, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DATA_SETS, type DataSet, type TImportJob } from '@portal/shared';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/errors';
import { toastError } from '../../../lib/toast';
import { useImports } from '../api/get-imports';
import { useStartImport, type StartImportInput } from '../api/start-import';
import { DataSetCard } from '../components/data-set-card';
import { ImportJobPanel } from '../components/import-job-panel';
import { RecentImports } from '../components/recent-imports';
import { useImportsLive } from '../realtime';

/**
 * CSV export and import of customers, items and stock levels (admins). An import is checked
 * first (a dry run); a clean check can then be imported. The import shown is in the URL
 * (`?import=<id>`), so a reload or the back button shows it again; without one, an import
 * still running (started here or elsewhere) is shown.
 */
export function DataManagementPage() {
  const { t } = useTranslation();
  useImportsLive();
  const [params, setParams] = useSearchParams();
  const imports = useImports();
  const start = useStartImport();
  const [checking, setChecking] = useState<DataSet | null>(null);
  // The files checked in this tab, by job: a clean check is imported from the same file.
  const [files, setFiles] = useState<Record<string, File>>({});
  // A running import shown without being asked for (no ?import=) that the user closed.
  const [dismissed, setDismissed] = useState<string | null>(null);

  const urlId = params.get('import');
  const running = imports.data?.items.find((job) => job.status === 'running');
  const currentId = urlId ?? (running && running.id !== dismissed ? running.id : null);

  const show = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('import', id);
      else next.delete('import');
      return next;
    });

  const run = async (input: StartImportInput) => {
    const job = await start.mutateAsync(input);
    setFiles((known) => ({ ...known, [job.id]: input.file }));
    show(job.id);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const check = async (set: DataSet, file: File) => {
    setChecking(set);
    try {
      await run({ set, file, dryRun: true });
    } catch (error) {
      toastError('dataManagement.card.checkFailed', describeError(t, error));
      throw error;
    } finally {
      setChecking(null);
    }
  };

  const importForReal = (job: TImportJob, file: File) => {
    run({ set: job.data_set, file, dryRun: false }).catch((error: unknown) => toastError('dataManagement.import.failed', describeError(t, error)));
  };

  return (
    <>
      <PageHeader title={t('dataManagement.title')} subtitle={t('dataManagement.subtitle')} />
      {currentId && (
        <ImportJobPanel
          key={currentId}
          jobId={currentId}
          file={files[currentId]}
          onImport={importForReal}
          importing={start.isPending && !start.variables?.dryRun}
          onClose={() => {
            if (!urlId) setDismissed(currentId);
            show(null);
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="xl">
        {DATA_SETS.map((set) => (
          <DataSetCard key={set} set={set} onCheck={check} checking={checking === set} />
        ))}
      </SimpleGrid>
      <Title order={3} fz="lg" mb="sm">
        {t('dataManagement.recent.title')}
      </Title>
      <RecentImports currentId={currentId} onOpen={show} />
    </>
  );
}

export default DataManagementPage;
