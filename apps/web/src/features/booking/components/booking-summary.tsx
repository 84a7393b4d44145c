import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { describeError } from '../../../lib/errors';
import { useCatalogNames } from '../../../lib/service-options';
import { formatDay, formatTimeRange, zoneLabel } from '../../../lib/zoned-time';
import type { BookingFormValues } from '../booking-form';

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The last step: the booking as it will be sent, and why the last try failed. */
export function BookingSummary({
  values,
  forAnyCustomer,
  customerName,
  zone,
  failure,
}: {
  values: BookingFormValues;
  forAnyCustomer: boolean;
  /** The existing customer an admin picked (a new one's name is in the values). */
  customerName: string | null;
  zone: string;
  failure: unknown;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const catalog = useCatalogNames();
  return (
    <Stack gap="md" data-testid="booking-summary">
      <Stack gap={0}>
        {forAnyCustomer && (
          <SummaryRow label={t('serviceRequests.fields.customer')}>
            <span dir="auto">{values.customer_mode === 'new' ? values.new_customer.name : customerName}</span>
          </SummaryRow>
        )}
        <SummaryRow label={t('booking.fields.kind')}>{values.service_kind ? t(`booking.kind.${values.service_kind}`) : ''}</SummaryRow>
        <SummaryRow label={t('serviceRequests.fields.serviceType')}>{values.service_type ? catalog.serviceType(values.service_type) : ''}</SummaryRow>
        <SummaryRow label={t('serviceRequests.fields.faultType')}>{values.fault_type ? catalog.faultType(values.fault_type) : ''}</SummaryRow>
        <SummaryRow label={t('booking.summary.device')}>
          <span dir="auto">{[values.device.brand, values.device.model].join(' ')}</span>
        </SummaryRow>
        <SummaryRow label={t('booking.summary.when')}>
          <span data-testid="booking-summary-when">
            {values.date && formatDay(values.date, language)}
            {values.starts_at && values.ends_at && ` · ${formatTimeRange(values.starts_at, values.ends_at, zone, language)}`}
          </span>
        </SummaryRow>
        <SummaryRow label={t('booking.summary.zone')}>
          <Ltr>{zoneLabel(zone, values.starts_at ? new Date(values.starts_at) : new Date())}</Ltr>
        </SummaryRow>
        {values.service_kind === 'home' && (
          <SummaryRow label={t('serviceRequests.fields.address')}>
            <span dir="auto">{values.address}</span>
          </SummaryRow>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        {t('booking.summary.after')}
      </Text>
      {Boolean(failure) && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('booking.failed')} data-testid="booking-error">
          {describeError(t, failure)}
        </Alert>
      )}
    </Stack>
  );
}
