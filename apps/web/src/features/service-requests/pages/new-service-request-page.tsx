import { useState } from 'react';
import { Grid, Paper, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, PRIORITIES, REQUEST_NOTES_MAX, SERVICE_LOCATIONS } from '@portal/shared';
import { AddressField } from '../../../components/address-field';
import { CustomerChoice } from '../../../components/customer-choice';
import { DeviceFields } from '../../../components/device-fields';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageHeader } from '../../../components/page-header';
import { ProblemFields } from '../../../components/problem-fields';
import { ServiceTypeFields } from '../../../components/service-type-fields';
import { FormPageLayout, SubmitFailedAlert, SubmitPanel } from '../../../components/form-page-layout';
import { describeError, translateFieldError } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateServiceRequest } from '../api/create-service-request';
import { useCatalogNames } from '../../../lib/service-options';
import { serverErrorsToForm } from '../../../lib/request-details-form';
import { emptyRequestForm, requestFormErrors, toCreateRequest, type RequestFormValues } from '../request-form';
import { paths } from '../../../lib/paths';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** `/dashboard/service-requests/new`: a customer raises a request for themselves, an admin for any customer (or a new one). */
export function NewServiceRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const forAnyCustomer = can(user.role, 'create:service_request:any');
  const catalog = useCatalogNames();
  const create = useCreateServiceRequest();
  const [failure, setFailure] = useState<unknown>(null);

  const form = useForm<RequestFormValues>({
    initialValues: emptyRequestForm(),
    validate: (values) => requestFormErrors(values, forAnyCustomer),
  });
  const error = (path: string) => translateFieldError(t, form.errors[path]);
  /** getInputProps with the error worded at render time (so it follows the language). */
  const field = (path: string) => ({ ...form.getInputProps(path), error: error(path) });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      create.mutate(toCreateRequest(values, forAnyCustomer), {
        onSuccess: (request) => {
          toastSuccess('serviceRequests.form.created', undefined, { number: request.number });
          // An admin at the counter is offered the intake receipt on the page they land on.
          void navigate(paths.serviceRequest(request.id), { state: forAnyCustomer ? { printReceipt: true } : undefined });
        },
        onError: (failed) => {
          const fields = serverErrorsToForm(failed);
          if (fields) form.setErrors(fields);
          else setFailure(failed);
          toastError('serviceRequests.form.createFailed', describeError(t, failed));
        },
      });
    },
    (errors) => {
      // Bring the first field at fault into view (on a phone it may be far above the button).
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
    },
  );

  const home = form.values.location === 'home';

  return (
    <>
      <PageBreadcrumbs parentTo={paths.serviceRequests} parentLabel={t('serviceRequests.title')}>
        {t('serviceRequests.new')}
      </PageBreadcrumbs>
      <PageHeader title={t('serviceRequests.new')} subtitle={t('serviceRequests.form.hint')} />
      <form onSubmit={submit} noValidate data-testid="sr-form">
        <FormPageLayout
          aside={
            <>
              {Boolean(failure) && (
                <SubmitFailedAlert title={t('serviceRequests.form.createFailed')} testId="sr-form-error">
                  {describeError(t, failure)}
                </SubmitFailedAlert>
              )}
              <SubmitPanel
                cancelTo={paths.serviceRequests}
                submitLabel={t('serviceRequests.form.submit')}
                submitting={create.isPending}
                submitIcon={<IconSend size={16} className="mirror-in-rtl" />}
                submitTestId="sr-submit"
              >
                <Text size="sm" c="dimmed" mb="md">
                  {t('serviceRequests.form.afterSubmit')}
                </Text>
              </SubmitPanel>
            </>
          }
        >
          {forAnyCustomer && (
            <Section title={t('serviceRequests.sections.customer')} testId="sr-form-customer">
              <CustomerChoice form={form} testIdPrefix="sr" pickerTestId="sr-customer" />
            </Section>
          )}

          <Section title={t('serviceRequests.sections.request')}>
            <Stack gap="sm">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Text size="sm" fw={500} mb={4}>
                    {t('serviceRequests.fields.priority')}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    data={PRIORITIES.map((p) => ({ value: p, label: t(`serviceRequests.priority.${p}`) }))}
                    value={form.values.priority ?? ''}
                    onChange={(value) => form.setFieldValue('priority', value as RequestFormValues['priority'])}
                    data-testid="sr-priority"
                  />
                  {error('priority') && (
                    <Text c="red" size="xs" mt={4}>
                      {error('priority')}
                    </Text>
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label={t('serviceRequests.fields.location')}
                    placeholder={t('serviceRequests.form.choose')}
                    required
                    allowDeselect={false}
                    data={SERVICE_LOCATIONS.map((l) => ({ value: l, label: t(`serviceRequests.location.${l}`) }))}
                    {...field('location')}
                    onChange={(value) => {
                      form.setFieldValue('location', value as RequestFormValues['location']);
                      // A home visit starts at the customer's own default address.
                      const own = catalog.options.data?.default_address;
                      if (value === 'home' && own && !form.values.address.trim()) form.setFieldValue('address', own);
                    }}
                    data-path="location"
                    data-testid="sr-location"
                  />
                </Grid.Col>
              </Grid>
              {home && (
                <AddressField field={field} description={t('serviceRequests.form.addressHint')} testId="sr-address" />
              )}
              <ServiceTypeFields field={field} testIdPrefix="sr" />
              <ProblemFields field={field} testIdPrefix="sr" notesTestId="sr-notes" />
            </Stack>
          </Section>

          <Section title={t('serviceRequests.sections.device')}>
            <Stack gap="sm">
              <DeviceFields field={field} />
              <Textarea
                label={t('receipt.accessories')}
                description={t('receipt.accessoriesHint')}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={REQUEST_NOTES_MAX}
                dir="auto"
                {...field('accessories')}
                data-path="accessories"
                data-testid="sr-accessories"
              />
            </Stack>
          </Section>
        </FormPageLayout>
      </form>
    </>
  );
}

export default NewServiceRequestPage;
