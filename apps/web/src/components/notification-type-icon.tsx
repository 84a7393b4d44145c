import { ThemeIcon, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle, type Icon } from '@tabler/icons-react';
import type { NotificationType } from '@portal/shared';

/** The one look of each notification type: in the bell, in live toasts, in the announcement form. */
export const NOTIFICATION_TYPE_LOOK: Record<NotificationType, { icon: Icon; color: MantineColor }> = {
  success: { icon: IconCircleCheck, color: 'teal' },
  error: { icon: IconCircleX, color: 'red' },
  warning: { icon: IconAlertTriangle, color: 'orange' },
  info: { icon: IconInfoCircle, color: 'blue' },
};

export function lookOf(type: string) {
  return NOTIFICATION_TYPE_LOOK[type as NotificationType] ?? NOTIFICATION_TYPE_LOOK.info;
}

/** The bare icon of a type (for places that draw their own circle, like toasts). */
export function NotificationTypeGlyph({ type, size = 18 }: { type: string; size?: number }) {
  const { icon: IconComponent } = lookOf(type);
  return <IconComponent size={size} stroke={1.8} data-notification-type={type} aria-hidden />;
}

/** The icon of a type in a soft circle of its colour. */
export function NotificationTypeIcon({ type, size = 34, label }: { type: string; size?: number; label?: string }) {
  const { icon: IconComponent, color } = lookOf(type);
  return (
    <ThemeIcon
      variant="light"
      color={color}
      size={size}
      radius="xl"
      data-testid="notification-type-icon"
      data-type={type}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <IconComponent size={Math.round(size * 0.58)} stroke={1.8} />
    </ThemeIcon>
  );
}
