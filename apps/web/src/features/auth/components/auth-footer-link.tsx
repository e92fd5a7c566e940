import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "New on our platform? Create an account" — the line under a sign-in form. */
export function AuthFooterLink({ question, label, to }: { question: string; label: string; to: string }) {
  return (
    <Text size="sm">
      {question}{' '}
      <Anchor component={Link} to={to} fw={600} underline="always">
        {label}
      </Anchor>
    </Text>
  );
}
