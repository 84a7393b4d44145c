import type { Role } from '@portal/shared';

/** Fixed demo accounts, so docs and tests can name them. Only ever created in demo mode. */
export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS: { email: string; role: Role; name: string; mobile: string }[] = [
  { email: 'admin@demo.test', role: 'admin', name: 'Amal Admin', mobile: '+966500000001' },
  { email: 'supervisor@demo.test', role: 'whs_supervisor', name: 'Sami Supervisor', mobile: '+966500000002' },
  { email: 'tech1@demo.test', role: 'technician', name: 'Tariq Technician', mobile: '+966500000003' },
  { email: 'tech2@demo.test', role: 'technician', name: 'Huda Technician', mobile: '+966500000004' },
  { email: 'customer1@demo.test', role: 'customer', name: 'Khalid Customer', mobile: '+966500000005' },
  { email: 'customer2@demo.test', role: 'customer', name: 'Noura Customer', mobile: '+966500000006' },
];
