import { Button, Group, Paper, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarCheck, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceFields } from '../../../components/device-fields';
import { PageHeader } from '../../../components/page-header';
import { ProblemFields } from '../../../components/problem-fields';
import { useTranslatedInputProps } from '../../../lib/form';
import { AddressStep } from '../components/address-step';
import { BookingDone } from '../components/booking-done';
import { BookingSummary } from '../components/booking-summary';
import { ServiceStep } from '../components/service-step';
import { TimeStep } from '../components/time-step';
import { useAvailabilityLive } from '../realtime';
import { useBookingWizard } from '../use-booking-wizard';
import { paths } from '../../../lib/paths';

/**
 * `/book-appointment`: a customer books for themselves, an admin for any customer (or one
 * created on the spot). Service → device and problem → a day and a free slot (company time
 * zone) → the address of a home visit → confirm. The server makes the request and the
 * appointment in one transaction; a slot taken meanwhile answers 409 and the slots refresh.
 */
export function BookAppointmentPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const wizard = useBookingWizard();
  const { form, step, active } = wizard;
  const field = useTranslatedInputProps(form);
  useAvailabilityLive();

  if (wizard.done) return <BookingDone booking={wizard.done} zone={wizard.zone} onAnother={wizard.restart} />;

  return (
    <>
      <PageHeader title={t('bookAppointment.title')} subtitle={t('bookAppointment.subtitle')} />
      <Stepper
        active={active}
        onStepClick={(index) => index < active && wizard.setActive(index)}
        size={phone ? 'xs' : 'sm'}
        mb="lg"
        allowNextStepsSelect={false}
        data-testid="booking-stepper"
      >
        {wizard.steps.map((s) => (
          <Stepper.Step key={s} label={phone ? undefined : t(`booking.steps.${s}`)} aria-label={t(`booking.steps.${s}`)} />
        ))}
      </Stepper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={880} data-testid={`booking-step-${step}`}>
        <Title order={3} fz="md" mb="md">
          {t(`booking.steps.${step}`)}
        </Title>

        {step === 'service' && <ServiceStep form={form} forAnyCustomer={wizard.forAnyCustomer} onCustomerName={wizard.setCustomerName} />}
        {step === 'device' && (
          <Stack gap="md">
            <DeviceFields field={field} testIdPrefix="booking" />
            <ProblemFields field={field} testIdPrefix="booking" />
          </Stack>
        )}
        {step === 'time' && <TimeStep form={form} availability={wizard.availability} zone={wizard.zone} slotTaken={wizard.slotTaken} onSlotTakenChange={wizard.setSlotTaken} />}
        {step === 'address' && <AddressStep form={form} />}
        {step === 'confirm' && <BookingSummary values={form.values} forAnyCustomer={wizard.forAnyCustomer} customerName={wizard.customerName} zone={wizard.zone} failure={wizard.failure} />}

        <Group justify="space-between" mt="xl" gap="sm">
          {active > 0 ? (
            <Button variant="default" onClick={wizard.back} leftSection={<IconChevronLeft size={16} className="mirror-in-rtl" />} data-testid="booking-back">
              {t('common.back')}
            </Button>
          ) : (
            <Button variant="default" component={Link} to={paths.landing}>
              {t('common.cancel')}
            </Button>
          )}
          {step === 'confirm' ? (
            <Button onClick={wizard.submit} loading={wizard.submitting} leftSection={<IconCalendarCheck size={16} />} data-testid="booking-submit">
              {t('booking.submit')}
            </Button>
          ) : (
            <Button onClick={wizard.next} rightSection={<IconChevronRight size={16} className="mirror-in-rtl" />} data-testid="booking-next">
              {t('booking.next')}
            </Button>
          )}
        </Group>
      </Paper>
    </>
  );
}

export default BookAppointmentPage;
