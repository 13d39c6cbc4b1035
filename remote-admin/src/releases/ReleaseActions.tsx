import { STAGE_SHARE_STEPS } from '@auditdesk/shared';
import type { StageAudience } from '@auditdesk/shared/core';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconEye, IconRocket, IconStairsUp } from '@tabler/icons-react';

interface ReleaseActionsProps {
  version: string;
  /** This release is the staged one: it goes on through Advance, not Promote. */
  staged: boolean;
  /** Another release is staged: this one cannot be staged before that stage ends. */
  otherStaged: boolean;
  /** What the server is doing for this remote ('<version>', 'stage <version>', 'preview <version>'…). */
  busy: string | null;
  onPreview: () => void;
  onStage: (audience: StageAudience) => void;
  onNamedPeople: () => void;
  onPromote: () => void;
}

const ROLE_STAGES: { label: string; audience: StageAudience }[] = [
  { label: 'Admins', audience: { kind: 'role', role: 'Admin' } },
  { label: 'Managers and Admins', audience: { kind: 'role', role: 'Manager' } },
];

/** What an Admin can do with a release that is not live: preview it, stage it, promote it. */
export function ReleaseActions({
  version,
  staged,
  otherStaged,
  busy,
  onPreview,
  onStage,
  onNamedPeople,
  onPromote,
}: ReleaseActionsProps) {
  const other = (what: string) => busy !== null && busy !== what;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconEye size={14} />}
        loading={busy === `preview ${version}`}
        disabled={other(`preview ${version}`)}
        onClick={onPreview}
        aria-label={`Preview ${version}`}
      >
        Preview
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            color="indigo"
            leftSection={<IconStairsUp size={14} />}
            rightSection={<IconChevronDown size={12} />}
            loading={busy === `stage ${version}`}
            disabled={otherStaged || other(`stage ${version}`)}
            title={otherStaged ? 'Another release is staged: advance or abort it first.' : undefined}
            aria-label={`${staged ? 'Restage' : 'Stage'} ${version}`}
          >
            {staged ? 'Restage' : 'Stage'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Try it first on</Menu.Label>
          {ROLE_STAGES.map(({ label, audience }) => (
            <Menu.Item key={label} onClick={() => onStage(audience)}>
              {label}
            </Menu.Item>
          ))}
          {STAGE_SHARE_STEPS.map((share) => (
            <Menu.Item key={share} onClick={() => onStage({ kind: 'share', share })}>
              {share} % of people
            </Menu.Item>
          ))}
          <Menu.Item onClick={onNamedPeople}>Named people…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {!staged && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRocket size={14} />}
          loading={busy === version}
          disabled={other(version)}
          onClick={onPromote}
          aria-label={`Promote ${version}`}
        >
          Promote
        </Button>
      )}
    </Group>
  );
}
