import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Above a record's or a new record's page: its list (a link back) › this page (`children`). */
export function PageBreadcrumbs({ parentTo, parentLabel, children }: { parentTo: string; parentLabel: string; children: ReactNode }) {
  return (
    <Breadcrumbs mb="xs" separator="›" separatorMargin={6}>
      <Anchor component={Link} to={parentTo} size="sm">
        {parentLabel}
      </Anchor>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Breadcrumbs>
  );
}
