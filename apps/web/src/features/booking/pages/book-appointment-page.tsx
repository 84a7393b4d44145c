import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Stepper, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBuildingStore, IconCalendarCheck, IconChevronLeft, IconChevronRight, IconCircleCheck, IconDeviceDesktop, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, SERVICE_KINDS, type ServiceKind, type TBookingResponse } from '@portal/shared';
import { DeviceFields } from '../../../components/device-fields';
import { Ltr } from '../../../components/ltr';
import { NewCustomerFields } from '../../../components/new-customer-fields';
import { PageHeader } from '../../../components/page-header';
import { SlotPicker } from '../../../components/slot-picker';
import { UserPicker } from '../../../components/user-picker';
import { describeError, translateFieldError } from '../../../lib/errors';
import { usePublicSettings } from '../../../lib/public-settings';
import { useCatalogNames } from '../../../lib/service-options';
import { useCurrentUser } from '../../../lib/session-store';
import { toastError, toastSuccess } from '../../../lib/toast';
import { dayInZone, formatDay, formatTimeRange, zoneLabel } from '../../../lib/zoned-time';
import { useCreateBooking } from '../api/create-booking';
import { useAvailability } from '../api/get-availability';
import { bookingErrors, emptyBookingForm, isSlotTaken, serverErrorsToForm, stepErrors, stepOf, stepsFor, toBookingRequest, type BookingFormValues, type BookingStep } from '../booking-form';
import { useAvailabilityLive } from '../realtime';

const KIND_ICONS: Record<ServiceKind, typeof IconHome> = { home: IconHome, remote: IconDeviceDesktop, office: IconBuildingStore };

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

/**
 * `/book-appointment`: a customer books for themselves, an admin for any customer (or one
 * created on the spot). Service → device and problem → a day and a free slot (company time
 * zone) → the address of a home visit → confirm. The server makes the request and the
 * appointment in one transaction; a slot taken meanwhile answers 409 and the slots refresh.
 */
export function BookAppointmentPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const user = useCurrentUser();
  const forAnyCustomer = can(user.role, 'create:service_request:any');
  const phone = useMediaQuery('(max-width: 36em)');
  const catalog = useCatalogNames();
  const settings = usePublicSettings();
  const create = useCreateBooking();
  useAvailabilityLive();

  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [slotTaken, setSlotTaken] = useState(false);
  const [done, setDone] = useState<TBookingResponse | null>(null);
  /** The name of the customer an admin picked, for the summary. */
  const [customerName, setCustomerName] = useState<string | null>(null);

  const form = useForm<BookingFormValues>({ initialValues: emptyBookingForm() });
  const values = form.values;
  const steps = stepsFor(values);
  const step: BookingStep = steps[Math.min(active, steps.length - 1)]!;
  const availability = useAvailability(values.service_kind, values.service_type, values.date);
  const zone = availability.data?.time_zone ?? settings.data?.time_zone ?? 'UTC';
  const today = dayInZone(new Date(), zone);

  const error = (path: string) => translateFieldError(t, form.errors[path]);
  const field = (path: string) => ({ ...form.getInputProps(path), error: error(path) });

  const focusFirst = (errors: Record<string, string>) => {
    const first = Object.keys(errors)[0];
    if (first) setTimeout(() => document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus(), 0);
  };

  const next = () => {
    const errors = stepErrors(step, values, forAnyCustomer);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirst(errors);
      return;
    }
    if (step === 'time' && values.service_kind === 'home' && !values.address.trim()) {
      // A home visit starts at the customer's default address (their own, or the new customer's).
      const own = forAnyCustomer ? values.new_customer.default_address : (catalog.options.data?.default_address ?? '');
      if (own) form.setFieldValue('address', own);
    }
    setActive((i) => Math.min(i + 1, steps.length - 1));
    window.scrollTo({ top: 0 });
  };
  const back = () => setActive((i) => Math.max(i - 1, 0));
  const goTo = (target: BookingStep) => setActive(Math.max(steps.indexOf(target), 0));

  const submit = () => {
    const errors = bookingErrors(values, forAnyCustomer);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      goTo(stepOf(Object.keys(errors)[0]!));
      return;
    }
    setFailure(null);
    setSlotTaken(false);
    create.mutate(toBookingRequest(values, forAnyCustomer), {
      onSuccess: (result) => {
        toastSuccess('booking.done.toast', undefined, { number: result.appointment.number });
        setDone(result);
        window.scrollTo({ top: 0 });
      },
      onError: (failed) => {
        if (isSlotTaken(failed)) {
          // Somebody took the slot first: back to the times, which refetch (see useCreateBooking).
          setSlotTaken(true);
          form.setValues({ starts_at: null, ends_at: null });
          goTo('time');
          return;
        }
        const fields = serverErrorsToForm(failed);
        if (fields) {
          form.setErrors(fields);
          goTo(stepOf(Object.keys(fields)[0]!));
        } else setFailure(failed);
        toastError('booking.failed', describeError(t, failed));
      },
    });
  };

  if (done) {
    const { appointment, service_request: request } = done;
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" data-testid="booking-done">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {t('booking.done.title')}
          </Title>
          <Text c="dimmed">{t('booking.done.body')}</Text>
          <Text fw={600} data-testid="booking-done-time">
            {formatDay(dayInZone(appointment.starts_at, zone), language)} · {formatTimeRange(appointment.starts_at, appointment.ends_at, zone, language)}
          </Text>
          {/* The technician was reserved with the slot: the customer is told who is coming, not "soon". */}
          <Text size="sm" data-testid="booking-done-technician">
            {t(`booking.done.who.${appointment.service_kind}`, { name: appointment.technician.name })}
          </Text>
          <Group gap="sm" justify="center" mt="sm">
            <Button component={Link} to={`/dashboard/appointments/${appointment.id}`} leftSection={<IconCalendarCheck size={16} />} data-testid="booking-done-appointment">
              {/* One inline run: the button's label is a flex box, which would drop the space. */}
              <span>
                {t('booking.done.appointment')} <Ltr nowrap>{appointment.number}</Ltr>
              </span>
            </Button>
            <Button component={Link} to={`/dashboard/service-requests/${request.id}`} variant="default" data-testid="booking-done-request">
              <span>
                {t('booking.done.request')} <Ltr nowrap>{request.number}</Ltr>
              </span>
            </Button>
          </Group>
          <Anchor
            component="button"
            size="sm"
            onClick={() => {
              form.setValues(emptyBookingForm());
              setActive(0);
              setDone(null);
            }}
          >
            {t('booking.done.another')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  const kindLabel = (kind: ServiceKind | null) => (kind ? t(`booking.kind.${kind}`) : '');
  const isLast = step === 'confirm';

  return (
    <>
      <PageHeader title={t('bookAppointment.title')} subtitle={t('bookAppointment.subtitle')} />
      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        size={phone ? 'xs' : 'sm'}
        mb="lg"
        allowNextStepsSelect={false}
        data-testid="booking-stepper"
      >
        {steps.map((s) => (
          <Stepper.Step key={s} label={phone ? undefined : t(`booking.steps.${s}`)} aria-label={t(`booking.steps.${s}`)} />
        ))}
      </Stepper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={880} data-testid={`booking-step-${step}`}>
        <Title order={3} fz="md" mb="md">
          {t(`booking.steps.${step}`)}
        </Title>

        {step === 'service' && (
          <Stack gap="md">
            {forAnyCustomer && (
              <Stack gap="xs" data-testid="booking-customer">
                <SegmentedControl
                  fullWidth
                  value={values.customer_mode}
                  onChange={(value) => {
                    form.setFieldValue('customer_mode', value as BookingFormValues['customer_mode']);
                    form.clearErrors();
                  }}
                  data={[
                    { value: 'existing', label: t('serviceRequests.form.existingCustomer') },
                    { value: 'new', label: t('serviceRequests.form.newCustomer') },
                  ]}
                  data-testid="booking-customer-mode"
                />
                {values.customer_mode === 'existing' ? (
                  <UserPicker
                    role="customer"
                    label={t('serviceRequests.fields.customer')}
                    required
                    value={values.customer_id}
                    onChange={(id, picked) => {
                      setCustomerName(picked?.name ?? null);
                      form.setFieldValue('customer_id', id);
                      form.clearFieldError('customer_id');
                    }}
                    error={error('customer_id')}
                    testId="booking-customer-picker"
                  />
                ) : (
                  <NewCustomerFields field={field} testIdPrefix="booking" />
                )}
                <Divider my="xs" />
              </Stack>
            )}
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('booking.fields.kind')} <Text span c="red">*</Text>
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-path="service_kind" data-testid="booking-kind">
                {SERVICE_KINDS.map((kind) => {
                  const KindIcon = KIND_ICONS[kind];
                  const chosen = values.service_kind === kind;
                  return (
                    <Paper
                      key={kind}
                      component="button"
                      type="button"
                      withBorder
                      p="sm"
                      onClick={() => {
                        form.setFieldValue('service_kind', kind);
                        form.setFieldValue('starts_at', null);
                        form.clearFieldError('service_kind');
                      }}
                      aria-pressed={chosen}
                      data-testid={`booking-kind-${kind}`}
                      style={{
                        cursor: 'pointer',
                        textAlign: 'start',
                        borderColor: chosen ? 'var(--mantine-primary-color-filled)' : undefined,
                        background: chosen ? 'var(--mantine-primary-color-light)' : undefined,
                      }}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <ThemeIcon variant={chosen ? 'filled' : 'light'} size={36} radius="md" style={{ flex: 'none' }}>
                          <KindIcon size={20} />
                        </ThemeIcon>
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm">
                            {kindLabel(kind)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`booking.kind.${kind}Hint`)}
                          </Text>
                        </Stack>
                      </Group>
                    </Paper>
                  );
                })}
              </SimpleGrid>
              {error('service_kind') && (
                <Text c="red" size="xs">
                  {error('service_kind')}
                </Text>
              )}
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('serviceRequests.fields.serviceType')}
                placeholder={t('serviceRequests.form.choose')}
                required
                searchable
                allowDeselect={false}
                data={catalog.entries(catalog.options.data?.service_types)}
                nothingFoundMessage={catalog.options.isError ? t('serviceRequests.form.optionsFailed') : t('serviceRequests.picker.nothingFound')}
                {...field('service_type')}
                onChange={(value) => {
                  form.setFieldValue('service_type', value);
                  form.setFieldValue('starts_at', null);
                  form.clearFieldError('service_type');
                }}
                data-path="service_type"
                data-testid="booking-service-type"
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('serviceRequests.fields.faultType')}
                placeholder={t('serviceRequests.form.choose')}
                required
                searchable
                allowDeselect={false}
                data={catalog.entries(catalog.options.data?.fault_types)}
                nothingFoundMessage={catalog.options.isError ? t('serviceRequests.form.optionsFailed') : t('serviceRequests.picker.nothingFound')}
                {...field('fault_type')}
                data-path="fault_type"
                data-testid="booking-fault-type"
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </Stack>
        )}

        {step === 'device' && (
          <Stack gap="md">
            <DeviceFields field={field} testIdPrefix="booking" />
            <Textarea
              label={t('serviceRequests.fields.problemDescription')}
              description={t('serviceRequests.form.problemHint')}
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={4000}
              dir="auto"
              {...field('problem_description')}
              data-path="problem_description"
              data-testid="booking-problem"
            />
            <Textarea
              label={t('serviceRequests.fields.additionalNotes')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              dir="auto"
              {...field('additional_notes')}
              data-path="additional_notes"
            />
          </Stack>
        )}

        {step === 'time' && (
          <Stack gap="md">
            {slotTaken && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('booking.time.takenTitle')} data-testid="booking-slot-taken" withCloseButton onClose={() => setSlotTaken(false)}>
                {t('errors.slot_unavailable')}
              </Alert>
            )}
            <SlotPicker
              today={today}
              date={values.date}
              onDateChange={(day) => {
                form.setValues({ date: day, starts_at: null, ends_at: null });
                form.clearFieldError('starts_at');
              }}
              availability={availability}
              value={values.starts_at}
              onChange={(startsAt, slot) => {
                form.setValues({ starts_at: startsAt, ends_at: slot.ends_at });
                form.clearFieldError('starts_at');
                setSlotTaken(false);
              }}
              error={error('starts_at') ? t('booking.time.required') : undefined}
            />
          </Stack>
        )}

        {step === 'address' && (
          <Stack gap="md">
            <Textarea
              label={t('serviceRequests.fields.address')}
              description={t('booking.fields.addressHint')}
              required
              autosize
              minRows={2}
              maxLength={500}
              dir="auto"
              {...field('address')}
              data-path="address"
              data-testid="booking-address"
            />
            <Textarea label={t('booking.fields.notes')} description={t('booking.fields.notesHint')} autosize minRows={2} maxLength={2000} dir="auto" {...field('notes')} data-path="notes" data-testid="booking-notes" />
          </Stack>
        )}

        {step === 'confirm' && (
          <Stack gap="md" data-testid="booking-summary">
            <Stack gap={0}>
              {forAnyCustomer && (
                <SummaryRow label={t('serviceRequests.fields.customer')}>
                  <span dir="auto">{values.customer_mode === 'new' ? values.new_customer.name : customerName}</span>
                </SummaryRow>
              )}
              <SummaryRow label={t('booking.fields.kind')}>{kindLabel(values.service_kind)}</SummaryRow>
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
        )}

        <Group justify="space-between" mt="xl" gap="sm">
          {active > 0 ? (
            <Button variant="default" onClick={back} leftSection={<IconChevronLeft size={16} className="mirror-in-rtl" />} data-testid="booking-back">
              {t('common.back')}
            </Button>
          ) : (
            <Button variant="default" component={Link} to="/">
              {t('common.cancel')}
            </Button>
          )}
          {isLast ? (
            <Button onClick={submit} loading={create.isPending} leftSection={<IconCalendarCheck size={16} />} data-testid="booking-submit">
              {t('booking.submit')}
            </Button>
          ) : (
            <Button onClick={next} rightSection={<IconChevronRight size={16} className="mirror-in-rtl" />} data-testid="booking-next">
              {t('booking.next')}
            </Button>
          )}
        </Group>
      </Paper>
    </>
  );
}

export default BookAppointmentPage;
