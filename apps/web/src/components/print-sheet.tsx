import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import sheet from './print-sheet.module.css';

/**
 * A printable document's page of its own (no shell): a toolbar with the way back and the
 * `actions` (it hides in print), then the document (`children`, on the A4 sheet of
 * print-sheet.module.css).
 */
export function PrintSheetPage({
  backTo,
  backLabel,
  backTestId,
  actions,
  children,
}: {
  backTo: string;
  backLabel: string;
  backTestId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={sheet.page}>
      <Group justify="space-between" className={sheet.toolbar} gap="sm">
        <Button variant="subtle" component={Link} to={backTo} leftSection={<IconArrowLeft size={16} className="mirror-in-rtl" />} data-testid={backTestId}>
          {backLabel}
        </Button>
        {actions}
      </Group>
      {children}
    </div>
  );
}

/** The toolbar's button that prints the page (the browser's print dialog). */
export function PrintButton({ label, testId }: { label: string; testId: string }) {
  return (
    <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid={testId}>
      {label}
    </Button>
  );
}
