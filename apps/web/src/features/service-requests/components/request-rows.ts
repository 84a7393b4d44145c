import type { TServiceRequestSummary } from '@portal/shared';
import type { ListState } from '../../../lib/list-state';
import type { ListFilter } from './request-filters';

/** What the request list's phone cards (request-list.tsx) and its table (request-table.tsx) share. */

export interface Selection {
  ids: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
}

export interface RequestListProps {
  list: ListState<ListFilter>;
  records: TServiceRequestSummary[];
  loading: boolean;
  /** The admin desk: a checkbox on each row. */
  selection?: Selection;
  /** The customer column. */
  showCustomer?: boolean;
  noRecordsText: string;
}

export function deviceLabel(record: TServiceRequestSummary): string {
  return [record.device.brand, record.device.model].filter(Boolean).join(' ');
}
