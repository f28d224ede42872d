import { Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/usePageTitle';

/** The frame of every public page: brand, a card, links below; its title names the browser tab too. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-body)">
      <Center mih="100dvh" py="xl">
        <Container size={440} w="100%">
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Anchor component={Link} to="/login" underline="never" fw={800} fz={28} aria-label="Finu home">
                Finu
              </Anchor>
              <Text c="dimmed" size="sm">
                Your money, with a coach that knows your numbers
              </Text>
            </Stack>
            <Paper withBorder shadow="sm" p="xl" radius="md">
              <Stack gap="md">
                <div>
                  <Title order={1} fz={24}>
                    {title}
                  </Title>
                  {subtitle && (
                    <Text c="dimmed" size="sm" mt={4}>
                      {subtitle}
                    </Text>
                  )}
                </div>
                {children}
              </Stack>
            </Paper>
            {footer && (
              <Text ta="center" size="sm">
                {footer}
              </Text>
            )}
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}
