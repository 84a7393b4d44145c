import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconSend, IconSpeakerphone, IconUser, IconUsers, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES, ROLES, ZAnnouncementRequest, type NotificationType, type Role } from '@portal/shared';
import { NotificationTypeGlyph, NotificationTypeIcon } from '../../../components/notification-type-icon';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageHeader } from '../../../components/page-header';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSendAnnouncement } from '../api/send-announcement';
import { UserPicker } from '../../../components/user-picker';
import { paths } from '../../../lib/paths';

const TITLE_MAX = 120;
const MESSAGE_MAX = 1000;

type AudienceKind = 'user' | 'role' | 'all';

export interface AnnouncementFormValues {
  audience: AudienceKind;
  user_id: string | null;
  role: Role | null;
  type: NotificationType;
  title: string;
  message: string;
  link: string;
}

const initialValues: AnnouncementFormValues = {
  audience: 'role',
  user_id: null,
  role: null,
  type: 'info',
  title: '',
  message: '',
  link: '',
};

/** The request as the server takes it (before zod trims it). */
export function toAnnouncementInput(values: AnnouncementFormValues) {
  const audience =
    values.audience === 'user'
      ? { kind: 'user' as const, user_id: values.user_id ?? '' }
      : values.audience === 'role'
        ? { kind: 'role' as const, role: values.role ?? '' }
        : { kind: 'all' as const };
  const link = values.link.trim();
  return { audience, type: values.type, title: values.title, message: values.message, ...(link ? { link } : {}) };
}

/** Error paths of the request (`audience.user_id`) → the form's fields (`user_id`). */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(errors)) {
    const field =
      path === 'audience.user_id' ? 'user_id' : path === 'audience.role' ? 'role' : path.startsWith('audience') ? 'audience' : path;
    out[field] ??= code;
  }
  return out;
}

function Preview({ values }: { values: AnnouncementFormValues }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="announcement-preview">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="sm">
        {t('announcements.preview')}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NotificationTypeIcon type={values.type} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={700} dir="auto" style={{ overflowWrap: 'anywhere' }} c={values.title.trim() ? undefined : 'dimmed'}>
            {values.title.trim() || t('announcements.previewTitle')}
          </Text>
          <Text size="sm" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {values.message.trim() || t('announcements.previewMessage')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('announcements.previewTime')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export function AnnouncementsPage() {
  const { t } = useTranslation();
  const form = useForm<AnnouncementFormValues>({
    initialValues,
    validate: (values) => toFormErrors(zodFieldErrors(ZAnnouncementRequest, toAnnouncementInput(values))),
  });
  const inputProps = useTranslatedInputProps(form);
  const send = useSendAnnouncement();

  const submit = (values: AnnouncementFormValues) => {
    const request = ZAnnouncementRequest.parse(toAnnouncementInput(values));
    send.mutate(request, {
      onSuccess: ({ recipients }) => {
        toastSuccess('announcements.sent', undefined, { count: recipients });
        form.reset();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(toFormErrors(fields));
        toastError('announcements.sendFailed', describeError(t, error));
      },
    });
  };

  const onSubmit = form.onSubmit((values) => {
    if (values.audience !== 'all') {
      submit(values);
      return;
    }
    openConfirmModal({
      title: t('announcements.confirmAllTitle'),
      children: <Text size="sm">{t('announcements.confirmAllBody')}</Text>,
      labels: { confirm: t('announcements.send'), cancel: t('common.cancel') },
      onConfirm: () => submit(values),
    });
  });

  const audience = form.values.audience;
  const titleProps = inputProps('title');
  const messageProps = inputProps('message');

  return (
    <>
      <PageBreadcrumbs parentTo={paths.settings} parentLabel={t('nav.settings')}>
        {t('announcements.title')}
      </PageBreadcrumbs>
      <PageHeader title={t('announcements.title')} subtitle={t('announcements.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={onSubmit} noValidate data-testid="announcement-form">
              <Stack gap="md">
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="announcement-audience-label">
                    {t('announcements.audience')}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    aria-labelledby="announcement-audience-label"
                    value={audience}
                    onChange={(value) => {
                      form.setFieldValue('audience', value as AudienceKind);
                      form.clearFieldError('audience');
                    }}
                    data={[
                      { value: 'user', label: <AudienceLabel icon={<IconUser size={16} />} text={t('announcements.audienceUser')} /> },
                      { value: 'role', label: <AudienceLabel icon={<IconUsersGroup size={16} />} text={t('announcements.audienceRole')} /> },
                      { value: 'all', label: <AudienceLabel icon={<IconWorld size={16} />} text={t('announcements.audienceAll')} /> },
                    ]}
                    data-testid="announcement-audience"
                  />
                </Stack>

                {audience === 'user' && (
                  <UserPicker
                    label={t('announcements.user')}
                    required
                    value={form.values.user_id}
                    onChange={(id) => {
                      form.setFieldValue('user_id', id);
                      form.clearFieldError('user_id');
                    }}
                    error={inputProps('user_id').error}
                    testId="announcement-user"
                  />
                )}
                {audience === 'role' && (
                  <Select
                    label={t('announcements.role')}
                    placeholder={t('announcements.rolePlaceholder')}
                    required
                    leftSection={<IconUsers size={16} />}
                    data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                    allowDeselect={false}
                    data-testid="announcement-role"
                    {...inputProps('role')}
                  />
                )}
                {audience === 'all' && (
                  <Alert variant="light" color="orange" icon={<IconWorld size={18} />} data-testid="announcement-all-note">
                    {t('announcements.allNote')}
                  </Alert>
                )}

                <Select
                  label={t('announcements.type')}
                  required
                  allowDeselect={false}
                  leftSection={<NotificationTypeGlyph type={form.values.type} size={16} />}
                  data={NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`notifications.types.${type}`) }))}
                  renderOption={({ option }) => (
                    <Group gap="xs" wrap="nowrap">
                      <NotificationTypeIcon type={option.value} size={22} />
                      <span>{option.label}</span>
                    </Group>
                  )}
                  data-testid="announcement-type"
                  {...inputProps('type')}
                />

                <TextInput
                  label={t('announcements.titleLabel')}
                  required
                  dir="auto"
                  maxLength={TITLE_MAX}
                  description={t('announcements.counter', { length: form.values.title.length, max: TITLE_MAX })}
                  data-testid="announcement-title"
                  {...titleProps}
                />
                <Textarea
                  label={t('announcements.message')}
                  required
                  dir="auto"
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={MESSAGE_MAX}
                  description={t('announcements.counter', { length: form.values.message.length, max: MESSAGE_MAX })}
                  data-testid="announcement-message"
                  {...messageProps}
                />
                <TextInput
                  label={t('announcements.link')}
                  description={t('announcements.linkHint')}
                  placeholder={paths.serviceRequests}
                  dir="ltr"
                  data-testid="announcement-link"
                  {...inputProps('link')}
                />
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconSend size={16} className="mirror-in-rtl" />} loading={send.isPending} data-testid="announcement-send">
                    {t('announcements.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Preview values={form.values} />
            <Paper withBorder p="md" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconSpeakerphone size={20} style={{ flex: 'none', marginTop: 2 }} />
                <Stack gap={4}>
                  <Title order={3} fz="sm">
                    {t('announcements.howTitle')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('announcements.howBody')}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function AudienceLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

export default AnnouncementsPage;
