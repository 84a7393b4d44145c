import { Button } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../lib/paths';

/** A page whose screen comes in a later issue: its title, and a tidy "not available yet". */
export function ComingSoonPage({ titleKey, subtitleKey }: { titleKey: string; subtitleKey?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} subtitle={subtitleKey ? t(subtitleKey) : undefined} />
      <StatusPanel
        testId="coming-soon"
        compact
        icon={IconHourglassHigh}
        color="indigo"
        title={t('placeholder.title')}
        body={t('placeholder.body')}
        action={
          <Button
            component={Link}
            to={paths.dashboard}
            variant="light"
            leftSection={<IconArrowLeft size={16} className="mirror-in-rtl" />}
          >
            {t('placeholder.back')}
          </Button>
        }
      />
    </>
  );
}

export default ComingSoonPage;
