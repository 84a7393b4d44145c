import { lazy } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemand, type OnDemandTriggerProps } from '../../components/on-demand';

const SupportPopover = lazy(() => import('./support-popover'));

/** The header's help button (the support panel's trigger). */
function SupportIconButton(props: OnDemandTriggerProps) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.support.label')} data-testid="support-button" {...props}>
      <IconHeadset size={20} stroke={1.7} />
    </ActionIcon>
  );
}

const trigger = (props: OnDemandTriggerProps) => <SupportIconButton {...props} />;

/** How to reach the company (phone, WhatsApp); the panel's code comes when first wanted. */
export function SupportButton() {
  return <OnDemand trigger={trigger} popup="dialog" Full={SupportPopover} props={{}} />;
}
