import type { Icon } from '@tabler/icons-react';
import { IconCalendarPlus, IconClipboardList, IconInbox, IconListCheck, IconPlus, IconTool } from '@tabler/icons-react';
import type { Role } from '@portal/shared';
import { paths } from '../../lib/paths';

export interface MainAction {
  id: string;
  labelKey: string;
  to: string;
  icon: Icon;
}

const ACTIVE = 'status=assigned,in_progress,pending_parts';

/** The landing page's first buttons: what each role comes to the portal to do (the quick links below hold the rest). */
export const MAIN_ACTIONS: Partial<Record<Role, readonly MainAction[]>> = {
  customer: [
    { id: 'raise-request', labelKey: 'landing.actions.raiseRequest', to: paths.newServiceRequest, icon: IconPlus },
    { id: 'my-requests', labelKey: 'landing.actions.myRequests', to: paths.serviceRequests, icon: IconClipboardList },
    { id: 'book-service', labelKey: 'landing.actions.bookService', to: paths.bookAppointment, icon: IconCalendarPlus },
  ],
  technician: [
    { id: 'my-tasks', labelKey: 'landing.actions.myTasks', to: `${paths.serviceRequests}?${ACTIVE}`, icon: IconTool },
    { id: 'assigned', labelKey: 'landing.actions.newAssignments', to: `${paths.serviceRequests}?status=assigned`, icon: IconListCheck },
  ],
  admin: [
    { id: 'request-desk', labelKey: 'landing.actions.requestDesk', to: paths.requestDesk, icon: IconClipboardList },
    { id: 'unassigned', labelKey: 'landing.actions.unassigned', to: `${paths.requestDesk}?status=pending&technician_id=none`, icon: IconInbox },
    { id: 'new-request', labelKey: 'landing.actions.newRequest', to: paths.newServiceRequest, icon: IconPlus },
  ],
};

export function mainActionsFor(role: Role): readonly MainAction[] {
  return MAIN_ACTIONS[role] ?? [];
}
