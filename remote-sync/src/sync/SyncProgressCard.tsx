import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@auditdesk/shared';
import {
  IconCircleCheck,
  IconCircleDashed,
  IconCircleMinus,
  IconCircleX,
  IconLoader2,
} from '@tabler/icons-react';
import {
  overallProgress,
  stepBarValue,
  type StepStatus,
  type SyncRunState,
  type SyncStep,
} from './syncRunState';

const ICONS = {
  pending: IconCircleDashed,
  active: IconLoader2,
  completed: IconCircleCheck,
  failed: IconCircleX,
  skipped: IconCircleMinus,
};
const COLORS: Record<StepStatus, string> = {
  pending: 'gray',
  active: 'blue',
  completed: 'green',
  failed: 'red',
  skipped: 'gray',
};
const BADGES: Record<StepStatus, (step: SyncStep) => string> = {
  pending: () => 'pending',
  active: () => 'active',
  // a step the card did not hear end (the hub away) shows no count rather than a wrong one
  completed: (step) =>
    step.eventsProcessed === undefined ? 'done' : `${formatNumber(step.eventsProcessed)} records`,
  failed: () => 'failed',
  skipped: () => 'not run',
};

function StepRow({ step }: { step: SyncStep }) {
  const Icon = ICONS[step.status];
  const indeterminate = step.status === 'active' && step.progressPercentage === undefined;
  return (
    <Stack gap={4} data-testid={`step-${step.id}`} data-status={step.status}>
      <Group justify="space-between">
        <Group gap="xs">
          <Icon size={18} color={`var(--mantine-color-${COLORS[step.status]}-6)`} />
          <Text fw={500}>{step.stepName}</Text>
        </Group>
        <Badge color={COLORS[step.status]} variant="light">
          {BADGES[step.status](step)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {step.message ?? step.description}
      </Text>
      <Progress
        value={stepBarValue(step)}
        color={COLORS[step.status]}
        striped={indeterminate}
        animated={indeterminate}
        aria-label={`${step.stepName} progress`}
      />
    </Stack>
  );
}

export function SyncProgressCard({ state }: { state: SyncRunState }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Progress
        </Title>
        <Text size="sm" c="dimmed">
          {overallProgress(state)}% overall
        </Text>
      </Group>
      {state.phase === 'idle' ? (
        <Text c="dimmed" mb="md">
          Ready to sync
        </Text>
      ) : (
        <Progress value={overallProgress(state)} mb="md" aria-label="Overall progress" />
      )}
      <Stack>
        {state.steps.map((step) => (
          <StepRow key={step.id} step={step} />
        ))}
      </Stack>
      {state.countdown !== null && (
        <Text c="green" mt="md" role="status">
          Sync completed successfully! Resetting in {state.countdown}{' '}
          {state.countdown === 1 ? 'second' : 'seconds'}...
        </Text>
      )}
    </Card>
  );
}
