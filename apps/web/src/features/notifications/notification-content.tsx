import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '@portal/shared';
import { TextWithCodes } from '../../components/text-with-codes';
import { notificationParts, type NotificationPart } from './notification-text';

/**
 * The sentence with each param in a `<bdi>` (its own direction) and the document numbers
 * isolated left to right. A text that is one param and nothing else (an announcement's title
 * or message) is the admin's free text: it is left bare, so `dir="auto"` on the element
 * holding it takes its direction from it. Otherwise the params' isolates are skipped by
 * `dir="auto"`, which then follows the sentence's own words — the reader's language.
 */
export function NotificationText({ parts }: { parts: NotificationPart[] }): ReactNode {
  if (parts.length === 1 && parts[0]!.param) return <TextWithCodes text={parts[0]!.text} />;
  return parts.map((part, i) =>
    part.param ? (
      <bdi key={i} dir="auto">
        <TextWithCodes text={part.text} />
      </bdi>
    ) : (
      <TextWithCodes key={i} text={part.text} />
    ),
  );
}

/** The title and message of a notification in the current language, ready to render. */
export function useNotificationContent() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (n: Pick<TNotification, 'title' | 'message' | 'params'>) => ({
      title: <NotificationText parts={notificationParts(t, (key) => i18n.exists(key), n.title, n.params)} />,
      message: <NotificationText parts={notificationParts(t, (key) => i18n.exists(key), n.message, n.params)} />,
    }),
    [t, i18n],
  );
}
