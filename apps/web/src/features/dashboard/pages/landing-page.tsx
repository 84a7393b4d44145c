import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/use-session';
import { mainActionsFor } from '../main-actions';
import { QuickLinks } from '../quick-links';
import classes from '../quick-links.module.css';
import { paths } from '../../../lib/paths';

/** `/`: a greeting and the role's main actions. */
export function LandingPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const actions = mainActionsFor(user.role);
  return (
    <Stack gap="xl" data-testid="landing">
      <Paper p={{ base: 'lg', sm: 40 }} className={classes.hero}>
        <Stack gap="sm" align="flex-start">
          <Title order={1} fz={{ base: 26, sm: 34 }} c="white">
            {t('landing.title', { name: user.name })}
          </Title>
          <Text c="rgba(255,255,255,0.88)" fz="lg">
            {t('landing.subtitle')}
          </Text>
          <Group gap="sm" mt="sm">
            {actions.map((action) => {
              const Icon = action.icon;
              return (
                <Button key={action.id} component={Link} to={action.to} variant="white" leftSection={<Icon size={16} />} data-testid={`main-action-${action.id}`}>
                  {t(action.labelKey)}
                </Button>
              );
            })}
            <Button
              component={Link}
              to={paths.dashboard}
              variant={actions.length ? 'outline' : 'white'}
              color={actions.length ? 'white' : undefined}
              rightSection={<IconArrowRight size={16} className="mirror-in-rtl" />}
              data-testid="open-dashboard"
            >
              {t('landing.openDashboard')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <QuickLinks role={user.role} />
    </Stack>
  );
}

export default LandingPage;
