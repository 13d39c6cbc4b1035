import { ActionIcon, Anchor, Group, Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatNumber } from '../format/formatNumber';

export interface StatCard {
  label: string;
  /** A number (shown with thousands separators) or text already formatted. */
  value: number | string;
  /** The whole value, as a tooltip, when `value` shows it shortened. */
  title?: string;
  /** A line under the number, e.g. a rate. */
  detail?: string;
  /** What the card counts, in a tooltip on an info icon beside the label (hover, focus or tap). */
  hint?: string;
  color?: string;
  /** Where the number opens its items (a link to the leads it counts). */
  href?: string;
  /** A change against an earlier period ("▲ 3 (+25.0%) vs …"), coloured good or bad. */
  trend?: { text: string; color: string; label: string };
}

const shown = (value: number | string) => (typeof value === 'number' ? formatNumber(value) : value);

function CardHint({ label, hint }: { label: string; hint: string }) {
  return (
    <Tooltip label={hint} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`What ${label} counts`}>
        <IconInfoCircle size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A row of labelled numbers (counters, KPI cards); each card is named by its label. */
export function StatCards({ cards, mb = 'lg' }: { cards: StatCard[]; mb?: string }) {
  return (
    <SimpleGrid cols={cards.length} mb={mb}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" aria-label={card.label}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {card.label}
            </Text>
            {card.hint && <CardHint label={card.label} hint={card.hint} />}
          </Group>
          <Text size="xl" fw={700} c={card.color} data-testid={`stat-${card.label}`} title={card.title}>
            {card.href ? (
              <Anchor
                component={Link}
                to={card.href}
                inherit
                c={card.color}
                underline="hover"
                title={`Open these ${shown(card.value)} leads`}
              >
                {shown(card.value)}
              </Anchor>
            ) : (
              shown(card.value)
            )}
          </Text>
          {card.detail && (
            <Text size="xs" c="dimmed">
              {card.detail}
            </Text>
          )}
          {card.trend && (
            <Text
              size="xs"
              c={card.trend.color}
              data-testid={`trend-${card.label}`}
              aria-label={card.trend.label}
            >
              {card.trend.text}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
