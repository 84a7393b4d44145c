import { Text } from '@mantine/core';
import { useItemLabels } from '../lib/item-units';
import { Ltr } from './ltr';

/**
 * "12.5 pcs" / "12.5 قطعة": the number isolated left to right, then the unit's name in the
 * page's language, in the reading order of the line (the unit follows the number in Arabic too).
 */
export function QuantityUnit({ quantity, unit, dimmedUnit = true }: { quantity: string; unit: string | null | undefined; dimmedUnit?: boolean }) {
  const labels = useItemLabels();
  const name = labels.unit(unit);
  return (
    <span style={{ unicodeBidi: 'isolate' }}>
      <Ltr>{quantity}</Ltr>
      {name && (
        <>
          {' '}
          {dimmedUnit ? (
            <Text span size="xs" c="dimmed">
              {name}
            </Text>
          ) : (
            name
          )}
        </>
      )}
    </span>
  );
}
