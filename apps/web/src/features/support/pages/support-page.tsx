import { Accordion, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconPhoneCall } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { CallButton, WhatsAppButton } from '../../../components/support-contact-buttons';
import { usePublicSettings } from '../../../lib/public-settings';

const FAQ = [
  { q: 'support.faq.q1', a: 'support.faq.a1' },
  { q: 'support.faq.q2', a: 'support.faq.a2' },
  { q: 'support.faq.q3', a: 'support.faq.a3' },
  { q: 'support.faq.q4', a: 'support.faq.a4' },
] as const;

export function SupportPage() {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const phone = settings?.support_phone;
  return (
    <>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder padding="xl">
            <Stack gap="sm" align="flex-start" h="100%">
              <ThemeIcon size={48} radius="md" color="green" variant="light">
                <IconBrandWhatsapp size={28} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t('support.chatTitle')}
              </Title>
              <Text c="dimmed" style={{ flex: 1 }}>
                {t('support.chatBody')}
              </Text>
              <WhatsAppButton phone={phone}>{t('support.chatAction')}</WhatsAppButton>
            </Stack>
          </Card>
          <Card withBorder padding="xl">
            <Stack gap="sm" align="flex-start" h="100%">
              <ThemeIcon size={48} radius="md" variant="light">
                <IconPhoneCall size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t('support.callTitle')}
              </Title>
              <Text c="dimmed" style={{ flex: 1 }}>
                {t('support.callBody')}
                {phone && (
                  <>
                    {' '}
                    <Text span fw={700} c="var(--mantine-color-text)">
                      <Ltr>{phone}</Ltr>
                    </Text>
                  </>
                )}
              </Text>
              <CallButton phone={phone}>{t('support.callAction')}</CallButton>
            </Stack>
          </Card>
        </SimpleGrid>
        <div>
          <Title order={3} fz="lg" mb="sm">
            {t('support.faqTitle')}
          </Title>
          <Accordion variant="separated" radius="md">
            {FAQ.map(({ q, a }) => (
              <Accordion.Item key={q} value={q}>
                <Accordion.Control>{t(q)}</Accordion.Control>
                <Accordion.Panel>
                  <Text c="dimmed">{t(a)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </div>
      </Stack>
    </>
  );
}

export default SupportPage;
