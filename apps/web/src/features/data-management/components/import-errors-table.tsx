import { useState } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TImportError } from '@portal/shared';
import { ListPager } from '../../../components/list-controls';
import { Ltr } from '../../../components/ltr';

const PAGE_SIZE = 25;

/** The problems of an import file, a page at a time: row, column, what is wrong. */
export function ImportErrorsTable({ errors }: { errors: readonly TImportError[] }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const start = pageIndex * pageSize;
  const shown = errors.slice(start, start + pageSize);
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('dataManagement.report.errorRow')}</Table.Th>
              <Table.Th w={140}>{t('dataManagement.report.errorColumn')}</Table.Th>
              <Table.Th>{t('dataManagement.report.errorMessage')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((error, i) => (
              <Table.Tr key={`${start + i}`} data-testid="import-error">
                <Table.Td>
                  <Ltr>{error.row}</Ltr>
                </Table.Td>
                <Table.Td>
                  {error.column ? (
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      <Ltr>{error.column}</Ltr>
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('dataManagement.report.wholeRow')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color="red" me={6} style={{ verticalAlign: 'middle' }}>
                    {t(`dataManagement.errorCodes.${error.code}`, { defaultValue: t('dataManagement.errorCodes.other') })}
                  </Badge>
                  <Text span size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {error.message}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.length > PAGE_SIZE && (
        <ListPager
          pageIndex={pageIndex}
          pageSize={pageSize}
          shown={shown.length}
          total={errors.length}
          hasNext={start + pageSize < errors.length}
          onPrevious={() => setPageIndex((p) => Math.max(0, p - 1))}
          onNext={() => setPageIndex((p) => p + 1)}
          onPageSize={(size) => {
            setPageSize(size);
            setPageIndex(0);
          }}
        />
      )}
    </>
  );
}
