import { Anchor, Group, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A dashboard panel's heading, with the link to the whole list behind it ("See all"). */
export function PanelHeader({ title, to, linkLabel }: { title: string; to: string; linkLabel: string }) {
  return (
    <Group justify="space-between" mb="sm">
      <Title order={3} fz="md">
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm">
        {linkLabel}
      </Anchor>
    </Group>
  );
}
