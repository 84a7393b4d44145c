import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auto-text.module.css';

/**
 * A name, a note or any other free text that may be Arabic or English, as a block whose
 * direction comes from its own text. Use it, not `<Text truncate><span dir="auto">`, wherever
 * such text can be cut short (`truncate`, `lineClamp`) or wrap in a narrow cell: an Arabic
 * name in the English UI (or an English one in the Arabic UI) then keeps its beginning and
 * loses its end.
 */
export function AutoText({ children, className, ...props }: TextProps & { children: ReactNode; title?: string; 'data-testid'?: string }) {
  return (
    <Text dir="auto" className={className ? `${classes.root} ${className}` : classes.root} {...props}>
      {children}
    </Text>
  );
}
