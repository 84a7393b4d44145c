import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { can, type TBookingResponse } from '@portal/shared';
import { describeError } from '../../lib/errors';
import { serverErrorsToForm } from '../../lib/request-details-form';
import { useCatalogNames } from '../../lib/service-options';
import { useCurrentUser } from '../../lib/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { usePublicSettings } from '../../lib/public-settings';
import { useCreateBooking } from './api/create-booking';
import { useAvailability } from './api/get-availability';
import { bookingErrors, emptyBookingForm, isSlotTaken, stepErrors, stepOf, stepsFor, toBookingRequest, type BookingFormValues, type BookingStep } from './booking-form';

/** Brings the field at fault into view (on a phone it may be far above the button). */
function focusFirst(errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) setTimeout(() => document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus(), 0);
}

/**
 * The booking as a walk through its steps: the form, the step shown, moving on only when the
 * step's own fields are right, and the submission — a slot taken meanwhile (409) takes the user
 * back to the times; a field the server refuses takes them to its step.
 */
export function useBookingWizard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const forAnyCustomer = can(user.role, 'create:service_request:any');
  const catalog = useCatalogNames();
  const settings = usePublicSettings();
  const create = useCreateBooking();

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
  /** The company's zone: every day and time of the booking is shown in it. */
  const zone = availability.data?.time_zone ?? settings.data?.time_zone ?? 'UTC';

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

  /** "Book another": a fresh form from the first step. */
  const restart = () => {
    form.setValues(emptyBookingForm());
    setActive(0);
    setDone(null);
  };

  return {
    form,
    forAnyCustomer,
    availability,
    zone,
    steps,
    step,
    active,
    setActive,
    next,
    back,
    submit,
    submitting: create.isPending,
    restart,
    done,
    failure,
    slotTaken,
    setSlotTaken,
    customerName,
    setCustomerName,
  };
}
