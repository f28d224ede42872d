import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageTitle } from './PageTitle';

/** A signed-in user on a path the app does not have: say so, and offer the way back. */
export function NotFoundPage() {
  return (
    <Stack gap="md" maw={640}>
      <PageTitle title="Page not found" />
      <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Group>
        <Button component={Link} to="/">
          Go to my start page
        </Button>
        <Button variant="default" onClick={() => window.history.back()}>
          Go back
        </Button>
      </Group>
    </Stack>
  );
}
