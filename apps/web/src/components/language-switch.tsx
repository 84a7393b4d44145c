import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { updateCurrentUser } from '../lib/current-user';
import { currentLanguage } from '../lib/i18n';
import { getSession } from '../lib/session-store';
import classes from './language-switch.module.css';

/** Switches the UI language and, when signed in, remembers it on the account (best effort). */
export async function changeLanguage(i18n: Parameters<typeof currentLanguage>[0], lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
  const session = getSession();
  if (session && !session.recovery && session.user.language !== lang) {
    updateCurrentUser({ language: lang }).catch(() => undefined);
  }
}

/** One button naming the other language: English ⇄ العربية. */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t, i18n } = useTranslation();
  const next: Language = currentLanguage(i18n) === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant={variant}
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} />}
      classNames={{ section: classes.icon }}
      onClick={() => void changeLanguage(i18n, next)}
      lang={next}
      aria-label={`${t('language.label')}: ${t(`language.${next}`)}`}
      data-testid="language-switch"
      fw={600}
      px={8}
    >
      {t(`language.${next}`)}
    </Button>
  );
}
