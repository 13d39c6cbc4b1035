import { Group, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A change shown this fast needs no sign: the sign (and the dimming) fade in only after it. */
const SIGN_DELAY_MS = 150;

/**
 * The table, with a sign while its rows lag what the screen asks for (a view switched, a
 * filter typed, leads still on their way): the rows dim and "Updating the rows…" shows over
 * their top, told to screen readers too. It takes no room of its own, so nothing moves.
 */
export function RowsUpdating({ busy, children }: { busy: boolean; children: ReactNode }) {
  const fade = {
    transition: `opacity 120ms ease ${busy ? SIGN_DELAY_MS : 0}ms`,
  };
  return (
    <div style={{ position: 'relative' }} aria-busy={busy}>
      <div style={{ ...fade, opacity: busy ? 0.55 : 1 }}>{children}</div>
      <div
        role="status"
        aria-live="polite"
        style={{ position: 'absolute', top: 100, left: 0, right: 0, pointerEvents: 'none' }}
      >
        {busy && (
          <Group justify="center" style={{ ...fade, opacity: 1 }}>
            <Paper
              shadow="sm"
              withBorder
              radius="xl"
              px="sm"
              py={4}
              data-testid="rows-updating"
              style={{ zIndex: 3 }}
            >
              <Group gap={6} wrap="nowrap">
                <Loader size={14} />
                <Text size="sm">Updating the rows…</Text>
              </Group>
            </Paper>
          </Group>
        )}
      </div>
    </div>
  );
}

/** Whether the rows lag: the filters they show are not yet the ones asked for, or leads are on their way. */
export const rowsLag = ({
  asked,
  shown,
  fetching,
}: {
  asked: unknown;
  shown: unknown;
  fetching: boolean;
}): boolean => asked !== shown || fetching;
