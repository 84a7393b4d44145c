import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { diffRows } from '../audit-diff';

/** Before and after of one entry, field by field; changed fields stand out. */
export function AuditDiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = diffRows(before, after);
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('audit.noDetails')}</Text>;
  const value = (v: string | null, changed: boolean, side: 'before' | 'after') =>
    v === null ? (
      <Text span size="sm" c="dimmed">—</Text>
    ) : (
      <Text
        span
        size="sm"
        dir="auto"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        c={changed ? (side === 'before' ? 'red.8' : 'teal.8') : undefined}
        fw={changed ? 500 : undefined}
      >
        {v}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4} data-testid="audit-diff">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">{t('audit.field')}</Table.Th>
            <Table.Th>{t('audit.before')}</Table.Th>
            <Table.Th>{t('audit.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.field} bg={r.changed ? 'var(--mantine-color-yellow-light)' : undefined} data-changed={r.changed || undefined}>
              <Table.Td>
                <Text span size="xs" ff="monospace" dir="ltr">
                  {r.field}
                </Text>
              </Table.Td>
              <Table.Td style={{ textDecoration: r.changed && r.before !== null && r.after !== null ? 'line-through' : undefined }}>
                {value(r.before, r.changed, 'before')}
              </Table.Td>
              <Table.Td>{value(r.after, r.changed, 'after')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
