import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { translateFieldError } from './errors';

/** getInputProps with the error code translated at render time (so it follows the language). */
export function useTranslatedInputProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation();
  return (path: string, options?: Parameters<UseFormReturnType<Values>['getInputProps']>[1]) => {
    const props = form.getInputProps(path as never, options);
    return { ...props, error: translateFieldError(t, props.error) };
  };
}

/** Server field paths (`body.lines.0.quantity` or `lines.0.quantity`) as form paths; the first code of a path wins. */
export function toFormPaths(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) out[path.replace(/^body\./, '')] ??= code;
  return out;
}
