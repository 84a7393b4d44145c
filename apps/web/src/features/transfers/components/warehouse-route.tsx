import { Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { TTransferWarehouse } from '@portal/shared';
import { Ltr } from '../../../components/ltr';

function Side({ warehouse, size }: { warehouse: TTransferWarehouse; size: 'sm' | 'md' }) {
  return (
    <Text size={size} span style={{ whiteSpace: 'nowrap' }}>
      <Text span fw={600} size={size}>
        <Ltr>{warehouse.code}</Ltr>
      </Text>{' '}
      <Text span c="dimmed" size={size} dir="auto">
        {warehouse.name}
      </Text>
    </Text>
  );
}

/** "from → to"; the arrow points the way of reading (it mirrors in Arabic). */
export function WarehouseRoute({ from, to, size = 'sm' }: { from: TTransferWarehouse; to: TTransferWarehouse; size?: 'sm' | 'md' }) {
  return (
    <Group gap={6} wrap="wrap" data-testid="transfer-route">
      <Side warehouse={from} size={size} />
      <IconArrowRight size={size === 'sm' ? 14 : 18} className="mirror-in-rtl" aria-hidden style={{ flex: 'none' }} />
      <Side warehouse={to} size={size} />
    </Group>
  );
}
