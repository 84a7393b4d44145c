import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Image, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZFeedbackRequest, type TServiceRequest } from '@portal/shared';
import { describeError, translateFieldError } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useDateFormat } from '../../../lib/date-format';
import { toastSuccess } from '../../../lib/toast';
import { useAttachmentUrl } from '../../../lib/attachment-url';
import { useSubmitFeedback } from '../api/submit-feedback';
import { SignatureField } from './signature-pad';

function GivenFeedback({ feedback }: { feedback: NonNullable<TServiceRequest['feedback']> }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const signature = useAttachmentUrl(feedback.signature_url);
  return (
    <Stack gap="sm" data-testid="sr-feedback-given">
      <Group gap="sm">
        <Rating value={feedback.rating} readOnly aria-label={t('serviceRequests.feedback.ratingValue', { rating: feedback.rating })} />
        <Text size="sm" c="dimmed">
          {format.dateTime(feedback.given_at)}
        </Text>
      </Group>
      {feedback.feedback && (
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }} data-testid="sr-feedback-text">
          {feedback.feedback}
        </Text>
      )}
      {feedback.signature_url && (
        <div>
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            {t('serviceRequests.feedback.signature')}
          </Text>
          {signature.url ? (
            <Image src={signature.url} alt={t('serviceRequests.feedback.signature')} maw={320} bg="white" radius="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }} data-testid="sr-signature-image" />
          ) : (
            <Text size="sm" c="dimmed">
              {signature.failed ? t('serviceRequests.feedback.signatureFailed') : t('app.loading')}
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}

function FeedbackForm({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const submit = useSubmitFeedback(request.id);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const send = () => {
    const body = { rating: rating || undefined, feedback: text, signature: signature ?? '' };
    const found = zodFieldErrors(ZFeedbackRequest, body);
    // An empty pad is "sign here", not "invalid".
    if (!signature) found.signature = 'required';
    if (!rating) found.rating = 'required';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setFailure(null);
    submit.mutate(ZFeedbackRequest.parse(body), {
      onSuccess: () => toastSuccess('serviceRequests.feedback.sent'),
      onError: (error) => setFailure(error),
    });
  };

  return (
    <Stack gap="md" data-testid="sr-feedback-form">
      <Text size="sm" c="dimmed">
        {t('serviceRequests.feedback.hint')}
      </Text>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('serviceRequests.feedback.rating')}{' '}
          <Text span c="red" inherit>
            *
          </Text>
        </Text>
        <Rating
          size="lg"
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors((e) => ({ ...e, rating: '' }));
          }}
          data-testid="sr-rating"
        />
        {errors.rating && (
          <Text c="red" size="xs" mt={4}>
            {translateFieldError(t, errors.rating)}
          </Text>
        )}
      </div>
      <Textarea
        label={t('serviceRequests.feedback.text')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        dir="auto"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={translateFieldError(t, errors.feedback)}
        data-testid="sr-feedback-input"
      />
      <SignatureField
        label={t('serviceRequests.feedback.signature')}
        onChange={(value) => {
          setSignature(value);
          setErrors((e) => ({ ...e, signature: '' }));
        }}
        error={errors.signature ? t(errors.signature === 'too_long' ? 'serviceRequests.feedback.signatureTooLarge' : 'serviceRequests.feedback.signatureRequired') : undefined}
      />
      {Boolean(failure) && (
        <Alert color="red" title={t('serviceRequests.feedback.failed')} data-testid="sr-feedback-error">
          {describeError(t, failure)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconSend size={16} className="mirror-in-rtl" />} loading={submit.isPending} onClick={send} data-testid="sr-feedback-submit">
          {t('serviceRequests.feedback.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The customer's feedback: given (rating, text, signature), or the form once the request is completed and it is theirs to give. */
export function FeedbackSection({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const section = useRef<HTMLDivElement>(null);
  const shown = !!request.feedback || request.feedback_allowed;
  // The completion e-mail links here (`#feedback`): the page draws after the browser looked for it.
  useEffect(() => {
    if (shown && window.location.hash === '#feedback') section.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  if (!shown) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="sr-feedback" id="feedback" ref={section}>
      <Title order={3} fz="md" mb="md">
        {t('serviceRequests.sections.feedback')}
      </Title>
      {request.feedback ? <GivenFeedback feedback={request.feedback} /> : <FeedbackForm request={request} />}
    </Paper>
  );
}
