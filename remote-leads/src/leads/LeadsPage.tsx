import 'mantine-react-table/styles.css';
import {
  LoadErrorPanel,
  PageHeader,
  PREFERENCE_KEYS,
  savePreferencesSoon,
  toastSuccess,
  useAuth,
  useExport,
  useFocusReturn,
} from '@auditdesk/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { defaultVisibility, type ColumnVisibility } from './ColumnsMenu';
import { DateRangeFilter } from './DateRangeFilter';
import {
  countLeads,
  filterLeads,
  hasActiveFilters,
  nextSorting,
  NO_FILTERS,
  sortLeads,
  type LeadFilters,
  type Sorting,
} from './leadFilters';
import { knownValues } from './knownValues';
import { leadChanges } from './leadChanges';
import { LeadFormModal, type OpenedLead } from './LeadFormModal';
import { createLead, deleteLead, updateLead, type LeadFormValues } from './leadsApi';
import { leadsExportName, leadsExportTable } from './leadsExport';
import { LeadsTable } from './LeadsTable';
import { LeadsToolbar } from './LeadsToolbar';
import type { LeadColumnId, LeadRow } from './leadTypes';
import { DEFAULT_PAGE_SIZE, paginate } from './pagination';
import { SummaryCards } from './SummaryCards';
import { useLeadRows } from './useLeadRows';
import { useSearchIndexWarmup } from './useSearchIndexWarmup';

export default function LeadsPage() {
  const canEdit = useAuth((state) => state.user?.role === 'Admin' || state.user?.role === 'Manager');
  const [hideUnformatted, setHideUnformatted] = useState(true);
  const [pageSize, setPageSize] = useLocalStorage({
    key: PREFERENCE_KEYS.leadsPageSize,
    defaultValue: DEFAULT_PAGE_SIZE,
    getInitialValueInEffect: false,
  });
  const [visibility, setVisibility] = useLocalStorage<ColumnVisibility>({
    key: PREFERENCE_KEYS.leadsColumns,
    defaultValue: defaultVisibility(),
    getInitialValueInEffect: false,
  });
  const [filters, setFilters] = useState<LeadFilters>(NO_FILTERS);
  const [sorting, setSorting] = useState<Sorting | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [editing, setEditing] = useState<LeadRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LeadRow | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // a dialog closing gives the focus back to its Edit, Delete or Add Lead button
  const { remember: rememberOpener, restore: restoreFocus } = useFocusReturn();
  const openEditor = useCallback(
    (lead: LeadRow | 'new') => {
      rememberOpener();
      setEditing(lead);
    },
    [rememberOpener],
  );
  const openDelete = useCallback(
    (lead: LeadRow) => {
      rememberOpener();
      setDeleting(lead);
    },
    [rememberOpener],
  );
  const closeEditor = () => {
    setEditing(null);
    restoreFocus();
  };
  const closeDelete = () => {
    setDeleting(null);
    restoreFocus();
  };
  const leads = useLeadRows(hideUnformatted);
  useSearchIndexWarmup(leads.rows);

  // typing stays responsive: filtering 20,000 rows follows the deferred value
  const deferredFilters = useDeferredValue(filters);
  const filtered = useMemo(() => filterLeads(leads.rows, deferredFilters), [leads.rows, deferredFilters]);
  const sorted = useMemo(() => sortLeads(filtered, sorting), [filtered, sorting]);
  const page = useMemo(() => paginate(sorted, pageIndex, pageSize), [sorted, pageIndex, pageSize]);
  const counts = useMemo(() => countLeads(filtered), [filtered]);
  const choices = useMemo(() => knownValues(leads.rows), [leads.rows]);

  const updateFilters = useCallback((change: Partial<LeadFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPageIndex(0);
  }, []);
  const onColumnFilter = useCallback((column: LeadColumnId, value: string) => {
    setFilters((current) => ({ ...current, columns: { ...current.columns, [column]: value } }));
    setPageIndex(0);
  }, []);
  const onSort = useCallback((column: LeadColumnId) => {
    setSorting((current) => nextSorting(current, column));
    setPageIndex(0);
  }, []);
  const onReferredBy = useCallback(
    (referredBy: LeadFilters['referredBy']) => updateFilters({ referredBy }),
    [updateFilters],
  );

  const exporter = useExport(() => leadsExportTable(sorted, visibility), leadsExportName);

  const save = async (values: LeadFormValues, opened: OpenedLead | null) => {
    const isNew = editing === 'new' || editing === null;
    if (isNew) await createLead(values);
    else {
      const changes = leadChanges(opened!.values, values);
      if (Object.keys(changes).length === 0) return;
      await updateLead(editing.id, changes, opened!.version);
    }
    toastSuccess(
      `${values.customerName.trim()} was ${isNew ? 'added' : 'saved'}.`,
      isNew ? 'Lead added' : 'Lead saved',
    );
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteLead(deleting.id);
      toastSuccess(`${deleting.customerName} was deleted.`, 'Lead deleted');
    } catch (error) {
      setActionError(error instanceof Error ? error.message : 'Failed to delete the lead.');
    }
    closeDelete();
  };

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader
          title="Lead Management"
          subtitle="Manage and track your leads and customer information."
        />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor('new')}>
            Add Lead
          </Button>
        )}
      </Group>
      {leads.error ? (
        <LoadErrorPanel
          title="Error Loading Leads"
          message={leads.error.message}
          onRetry={() => void leads.refetch()}
          retrying={leads.isFetching}
        />
      ) : leads.isPending ? (
        <Stack data-testid="leads-skeleton">
          <Skeleton h={80} />
          <Skeleton h={40} />
          <Skeleton h={400} />
        </Stack>
      ) : (
        <>
          <SummaryCards {...counts} />
          {actionError && (
            <Alert color="red" mb="sm" withCloseButton onClose={() => setActionError(null)}>
              {actionError}
            </Alert>
          )}
          <Group mb="sm">
            <DateRangeFilter
              startDate={filters.startDate}
              endDate={filters.endDate}
              onChange={updateFilters}
            />
          </Group>
          <LeadsToolbar
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              savePreferencesSoon();
              setPageIndex(0);
            }}
            visibility={visibility}
            onVisibility={(next) => {
              setVisibility(next);
              savePreferencesSoon();
            }}
            hideUnformatted={hideUnformatted}
            onHideUnformatted={(hide) => {
              setHideUnformatted(hide);
              setPageIndex(0);
            }}
            search={filters.search}
            onSearch={(search) => updateFilters({ search })}
            onRefresh={() => void leads.refetch()}
            refreshing={leads.isFetching}
            pageIndex={page.pageIndex}
            pageCount={page.pageCount}
            pageNumbers={page.pageNumbers}
            onPage={setPageIndex}
            onExport={(format) => void exporter.download(format)}
            exporting={exporter.busy}
          />
          <LeadsTable
            rows={page.rows}
            visibility={visibility}
            sorting={sorting}
            onSort={onSort}
            columnFilters={filters.columns}
            referredBy={filters.referredBy}
            onColumnFilter={onColumnFilter}
            onReferredBy={onReferredBy}
            filtered={hasActiveFilters(deferredFilters)}
            canEdit={canEdit}
            onEdit={openEditor}
            onDelete={openDelete}
          />
          <Text size="sm" c="dimmed" mt="sm" data-testid="leads-footer">
            {page.footer}
          </Text>
        </>
      )}
      <LeadFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        lead={editing}
        choices={choices}
        onClose={closeEditor}
        onSave={save}
      />
      <Modal opened={deleting !== null} onClose={closeDelete} title="Delete lead" centered>
        <Text mb="md">Delete the lead of {deleting?.customerName}? It disappears from every screen.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={closeDelete}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
