import { Anchor, Group, Loader, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { trackingKeys, useTrackingView } from '../api/tracking';
import { TrackingLayout } from '../components/tracking-layout';
import { TrackingProblem } from '../components/tracking-problem';
import { TrackingView } from '../components/tracking-view';
import { useTrackingLive } from '../live';
import { WithTrackingMessages } from '../messages';

/** `/track/:token`: the tracking link opens the request's progress at once, and keeps it current while open. */
export function TrackLinkPage() {
  return (
    <WithTrackingMessages>
      <TrackLink />
    </WithTrackingMessages>
  );
}

function TrackLink() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const view = useTrackingView(token);
  // Subscribed only once the link has opened a request: a bad one is answered by the page alone.
  const live = useTrackingLive(view.data ? token : null, () => void queryClient.invalidateQueries({ queryKey: trackingKeys.view(token) }));

  // A link revoked while the page was open answers 404 on the next refetch: its view goes with it.
  const gone = view.isError && isApiError(view.error) && view.error.status === 404;

  return (
    <TrackingLayout>
      {view.isPending && (
        <Paper withBorder p="lg" data-testid="tracking-loading">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">{t('tracking.view.loading')}</Text>
          </Group>
        </Paper>
      )}
      {view.isError && (
        <TrackingProblem
          error={view.error}
          notFound="link"
          action={
            gone || !view.data ? (
              <Anchor component={Link} to={paths.track} display="block" mt="xs" data-testid="tracking-by-number">
                {t('tracking.view.trackByNumber')}
              </Anchor>
            ) : undefined
          }
        />
      )}
      {view.data && !gone && <TrackingView view={view.data} live={live} />}
    </TrackingLayout>
  );
}

export default TrackLinkPage;
