import type { LeadsView, SavedView } from '@auditdesk/shared';
import { Badge, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import {
  IconBookmark,
  IconCheck,
  IconChevronDown,
  IconDeviceFloppy,
  IconHome,
  IconPencil,
  IconRestore,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSavedViews, type ChangeView } from './useSavedViews';
import { ViewNameModal } from './ViewNameModal';

type Dialog = { kind: 'save-as' } | { kind: 'rename' | 'delete'; target: SavedView } | null;

const errorText = (error: Error | null) => error?.message ?? null;

/**
 * The saved views of the leads screen: open one (its state goes into the URL), see when the
 * screen has moved away from it, save over it or as a new one, reset, rename, delete, and
 * choose the one the screen opens with.
 */
export function ViewMenu({ view, change }: { view: LeadsView; change: ChangeView }) {
  const views = useSavedViews(view, change);
  const { active, modified, saved } = views;
  const [dialog, setDialog] = useState<Dialog>(null);
  const mine = views.views.filter((candidate) => candidate.mine);
  const others = views.views.filter((candidate) => !candidate.mine);
  const isDefault = active !== null && active.id === views.defaultViewId;
  const close = () => {
    setDialog(null);
    views.saveAs.reset();
    views.rename.reset();
  };

  const item = (candidate: SavedView) => (
    <Menu.Item
      key={candidate.id}
      onClick={() => views.open(candidate)}
      leftSection={
        <IconCheck size={14} style={{ visibility: candidate.id === active?.id ? 'visible' : 'hidden' }} />
      }
      rightSection={
        candidate.id === views.defaultViewId ? (
          <Badge size="xs" variant="light">
            Default
          </Badge>
        ) : undefined
      }
      aria-current={candidate.id === active?.id ? 'true' : undefined}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="sm" truncate>
          {candidate.name}
        </Text>
        {candidate.shared && <IconUsers size={14} aria-label="shared with everyone" />}
      </Group>
      {!candidate.mine && (
        <Text size="xs" c="dimmed">
          Shared by {candidate.ownerName}
        </Text>
      )}
    </Menu.Item>
  );

  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Menu position="bottom-start" shadow="md" width={300} closeOnItemClick>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconBookmark size={14} />}
              rightSection={<IconChevronDown size={12} />}
              aria-label={`Saved views: ${active ? active.name : 'none open'}${modified ? ', modified' : ''}`}
              maw={260}
            >
              <Text size="xs" fw={500} truncate>
                {active ? active.name : 'Views'}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconHome size={14} />} onClick={() => views.open(null)}>
              Standard view (no filters)
            </Menu.Item>
            <Menu.Label>My views</Menu.Label>
            {saved.isPending && <Menu.Item disabled>Loading your views…</Menu.Item>}
            {saved.error && (
              <Menu.Item color="red" c="red.9" closeMenuOnClick={false} onClick={() => void saved.refetch()}>
                The views could not be loaded. Select to try again.
              </Menu.Item>
            )}
            {saved.isSuccess && mine.length === 0 && (
              <Menu.Item disabled>No views of your own yet.</Menu.Item>
            )}
            {mine.map(item)}
            {others.length > 0 && <Menu.Label>Shared with everyone</Menu.Label>}
            {others.map(item)}
            <Menu.Divider />
            {active?.editable && (
              <Menu.Item
                leftSection={<IconDeviceFloppy size={14} />}
                disabled={!modified || views.saveOver.isPending}
                onClick={() => views.saveOver.mutate(active)}
              >
                Save changes
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconDeviceFloppy size={14} />}
              onClick={() => setDialog({ kind: 'save-as' })}
            >
              Save as a new view…
            </Menu.Item>
            {active && (
              <>
                <Menu.Item
                  leftSection={<IconRestore size={14} />}
                  disabled={!modified}
                  onClick={() => views.open(active)}
                >
                  Reset to the saved view
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconBookmark size={14} />}
                  onClick={() => views.chooseDefault.mutate(isDefault ? null : active)}
                >
                  {isDefault ? 'Stop opening the screen with it' : 'Make it my default'}
                </Menu.Item>
                {active.editable && (
                  <>
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setDialog({ kind: 'rename', target: active })}
                    >
                      {views.mayShare ? 'Rename or share…' : 'Rename…'}
                    </Menu.Item>
                    {/* c: the menu draws a coloured item in shade 6, too light to read */}
                    <Menu.Item
                      color="red"
                      c="red.9"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDialog({ kind: 'delete', target: active })}
                    >
                      Delete…
                    </Menu.Item>
                  </>
                )}
              </>
            )}
          </Menu.Dropdown>
        </Menu>
        {modified && (
          <Tooltip label="The screen no longer shows the saved view. Save it, or reset it.">
            <Badge size="sm" variant="light" color="yellow" data-testid="view-modified">
              Modified
            </Badge>
          </Tooltip>
        )}
      </Group>

      {dialog?.kind === 'save-as' && (
        <ViewNameModal
          title="Save as a new view"
          initial={{ name: '', shared: false }}
          mayShare={views.mayShare}
          saving={views.saveAs.isPending}
          error={errorText(views.saveAs.error)}
          onSave={(naming) => views.saveAs.mutate(naming, { onSuccess: close })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rename' && (
        <ViewNameModal
          title={views.mayShare ? 'Rename or share the view' : 'Rename the view'}
          initial={{ name: dialog.target.name, shared: dialog.target.shared }}
          mayShare={views.mayShare}
          saving={views.rename.isPending}
          error={errorText(views.rename.error)}
          onSave={(naming) => views.rename.mutate({ target: dialog.target, naming }, { onSuccess: close })}
          onClose={close}
        />
      )}
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title="Delete the view" centered>
        {dialog?.kind === 'delete' && (
          <>
            <Text mb="md">
              Delete the view “{dialog.target.name}”?{dialog.target.shared ? ' Everyone loses it.' : ''} The
              rows on the screen stay as they are.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={views.remove.isPending}
                onClick={() => views.remove.mutate(dialog.target, { onSettled: close })}
              >
                Delete
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
