import { Box, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { shouldShowDesktopOverlay } from './shouldShowDesktopOverlay';

const BROWSER_STEPS: { browser: string; steps: string[] }[] = [
  {
    browser: 'Chrome',
    steps: ['Tap the ⋮ menu at the top right.', "Check 'Desktop site'."],
  },
  {
    browser: 'Safari',
    steps: ["Tap 'aA' in the address bar.", "Choose 'Request Desktop Website'."],
  },
  {
    browser: 'Firefox',
    steps: ['Tap the ⋮ menu.', "Turn on 'Desktop site'."],
  },
];

/** Full-screen notice for phones and tablets: Auditdesk is built for desktop screens. */
export function DesktopOnlyOverlay() {
  const { width } = useViewportSize();
  const viewportWidth = width || window.innerWidth;
  if (!shouldShowDesktopOverlay(navigator.userAgent, viewportWidth)) return null;

  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="desktop-overlay-title"
      pos="fixed"
      inset={0}
      bg="gray.0"
      style={{ zIndex: 10000, overflowY: 'auto' }}
    >
      <Center mih="100%" p="md">
        <Paper withBorder shadow="md" p="xl" maw={480}>
          <Stack>
            <IconDeviceDesktop size={40} />
            <Title order={2} id="desktop-overlay-title">
              Desktop Mode Required
            </Title>
            <Text>
              Auditdesk is made for screens at least 1024 pixels wide. Switch your browser to its desktop site
              to continue:
            </Text>
            {BROWSER_STEPS.map(({ browser, steps }) => (
              <Stack key={browser} gap={4}>
                <Text fw={600}>{browser}</Text>
                <List type="ordered" size="sm">
                  {steps.map((step) => (
                    <List.Item key={step}>{step}</List.Item>
                  ))}
                </List>
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
