import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp, IconPhoneCall } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { telLink, whatsappLink } from '../lib/public-settings';

type ContactButtonProps = Omit<ButtonProps, 'children'> & { phone: string | undefined; children: ReactNode; 'data-testid'?: string };

/** Opens a WhatsApp chat with the support number from settings (disabled until it is known). */
export function WhatsAppButton({ phone, children, ...props }: ContactButtonProps) {
  return (
    <Button
      component="a"
      href={phone ? whatsappLink(phone) : undefined}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      disabled={!phone}
      leftSection={<IconBrandWhatsapp size={18} />}
      {...props}
    >
      {children}
    </Button>
  );
}

/** Calls the support number from settings (disabled until it is known). */
export function CallButton({ phone, children, ...props }: ContactButtonProps) {
  return (
    <Button component="a" href={phone ? telLink(phone) : undefined} variant="light" disabled={!phone} leftSection={<IconPhoneCall size={18} />} {...props}>
      {children}
    </Button>
  );
}
