import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './device-fields';

/**
 * The problem in the customer's words and any further notes (`problem_description`,
 * `additional_notes`). Test ids `<prefix>-problem` and, when given, `notesTestId`.
 */
export function ProblemFields({ field, testIdPrefix, notesTestId }: { field: FieldProps; testIdPrefix: string; notesTestId?: string }) {
  const { t } = useTranslation();
  return (
    <>
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
        data-testid={`${testIdPrefix}-problem`}
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
        data-testid={notesTestId}
      />
    </>
  );
}
