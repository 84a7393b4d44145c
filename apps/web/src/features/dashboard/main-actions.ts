import type { Icon } from '@tabler/icons-react';
import { IconCalendarPlus, IconClipboardList, IconInbox, IconListCheck, IconPlus, IconTool } from '@tabler/icons-react';
import type { Role } from '@portal/shared';

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
    { id: 'raise-request', labelKey: 'landing.actions.raiseRequest', to: '/dashboard/service-requests/new', icon: IconPlus },
    { id: 'my-requests', labelKey: 'landing.actions.myRequests', to: '/dashboard/service-requests', icon: IconClipboardList },
    { id: 'book-service', labelKey: 'landing.actions.bookService', to: '/book-appointment', icon: IconCalendarPlus },
  ],
  technician: [
    { id: 'my-tasks', labelKey: 'landing.actions.myTasks', to: `/dashboard/service-requests?${ACTIVE}`, icon: IconTool },
    { id: 'assigned', labelKey: 'landing.actions.newAssignments', to: '/dashboard/service-requests?status=assigned', icon: IconListCheck },
  ],
  admin: [
    { id: 'request-desk', labelKey: 'landing.actions.requestDesk', to: '/dashboard/admin/service-requests', icon: IconClipboardList },
    { id: 'unassigned', labelKey: 'landing.actions.unassigned', to: '/dashboard/admin/service-requests?status=pending&technician_id=none', icon: IconInbox },
    { id: 'new-request', labelKey: 'landing.actions.newRequest', to: '/dashboard/service-requests/new', icon: IconPlus },
  ],
};

export function mainActionsFor(role: Role): readonly MainAction[] {
  return MAIN_ACTIONS[role] ?? [];
}
