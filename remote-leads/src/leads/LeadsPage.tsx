import 'mantine-react-table/styles.css';
import {
  LoadErrorPanel,
  PageHeader,
  routes,
  toastSuccess,
  useAccess,
  useBusinessTimeZone,
  useExport,
  useFocusReturn,
} from '@auditdesk/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BulkActionBar } from './bulk/BulkActionBar';
import { useLeadSelection } from './bulk/useLeadSelection';
import { DateRangeFilter } from './DateRangeFilter';
import { groupedDuplicates } from './duplicates/duplicateIndex';
import { DuplicatesFilter, DuplicatesStatus } from './duplicates/DuplicatesFilter';
import { DuplicatesContext, useDuplicates } from './duplicates/useDuplicates';
import {
  countLeads,
  filtersKey,
  filtersOfKey,
  hasActiveFilters,
  nextSorting,
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
import { LeadsPagination } from './LeadsPagination';
import { HeaderArrowKeys } from './HeaderArrowKeys';
import { NeedsReviewFilter } from './review/NeedsReviewFilter';
import { RunLeadsChip, useRunLeads } from './history/RunLeadsChip';
import { RowsUpdating, rowsLag } from './RowsUpdating';
import { viewAddressIn } from './views/savedViewParam';
import { showDeletedToast } from './bulk/undoToast';
import { bothOf, ImportedLeadsChip, onlyImported, useImportedLeads } from './import/ImportedLeadsChip';
import { showImportDoneToast } from './import/importDoneToast';
import type { LeadColumnId, LeadRow } from './leadTypes';
import { createNarrowingFilter } from './narrowingFilter';
import { useSameWhileEqual } from './useSameWhileEqual';
import { paginate } from './pagination';
import { SummaryCards } from './SummaryCards';
import { useLeadRows } from './useLeadRows';
import { useLeadsView, visibilityOf, visibleList } from './useLeadsView';
import { useSearchIndexWarmup } from './useSearchIndexWarmup';
import { ViewMenu } from './views/ViewMenu';

// Opened by a click, not at the page's start: loaded then (the /leads first-load budget)
const MergeDialog = lazy(() =>
  import('./merge/MergeDialog').then((module) => ({ default: module.MergeDialog })),
);
const LeadImportDialog = lazy(() =>
  import('./import/LeadImportDialog').then((module) => ({ default: module.LeadImportDialog })),
);
const LeadViewModal = lazy(() =>
  import('./view/LeadViewModal').then((module) => ({ default: module.LeadViewModal })),
);

export default function LeadsPage() {
  // the editors' operations all have one access: the page offers them to whom the server allows
  const canEdit = useAccess(routes.leadsUpdate.access);
  const canMerge = useAccess(routes.leadsMerge.access);
  // the view lives in the URL: a copied link, a reload, back and forward show the same rows
  const { view, change } = useLeadsView();
  const { hideUnformatted, pageSize } = view;
  const pageIndex = view.page - 1;
  // the table is memoised: what it is given stays the same object while it is equal (the view
  // is parsed anew from the URL, and the filters at each keystroke)
  const visibleColumns = useSameWhileEqual(view.visibleColumns ?? []);
  const visibility = useMemo(() => visibilityOf(visibleColumns), [visibleColumns]);
  const runLeads = useRunLeads(view.run);
  const imported = useImportedLeads(view.imported);
  const onlyIds = useMemo(() => bothOf(runLeads.ids, imported.ids), [runLeads.ids, imported.ids]);
  const filterKey = filtersKey(view);
  const filters = useMemo(() => filtersOfKey(filterKey, onlyIds), [filterKey, onlyIds]);
  const sorting = useSameWhileEqual(view.sort as Sorting | null);
  const columnFilters = useSameWhileEqual(filters.columns);
  const [editing, setEditing] = useState<LeadRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LeadRow | null>(null);
  const [viewing, setViewing] = useState<LeadRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [merging, setMerging] = useState<readonly [number, number] | null>(null);
  const openMerge = useCallback((a: number, b: number) => setMerging([a, b]), []);
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
  const openView = useCallback(
    (lead: LeadRow) => {
      rememberOpener();
      setViewing(lead);
    },
    [rememberOpener],
  );
  const closeView = () => {
    setViewing(null);
    restoreFocus();
  };
  const closeEditor = () => {
    setEditing(null);
    restoreFocus();
  };
  const closeDelete = () => {
    setDeleting(null);
    restoreFocus();
  };
  const leads = useLeadRows(hideUnformatted);
  const { rows } = leads;
  // the leads arrive in an urgent update (TanStack Query's external store): the skeleton gives
  // way to the table in a deferred pass, which yields to the browser instead of one long task
  const shown = useDeferredValue(!leads.isPending);
  // after the table is on screen: the deferred pass that renders it yields to idle callbacks too
  useSearchIndexWarmup(rows, shown);

  // typing stays responsive: filtering 20,000 rows follows the deferred value
  const deferredFilters = useDeferredValue(filters);
  const [narrowingFilter] = useState(createNarrowingFilter);
  const filtered = useMemo(
    () => narrowingFilter(rows, deferredFilters),
    [narrowingFilter, rows, deferredFilters],
  );
  const duplicates = useDuplicates({
    rows,
    canDismiss: canEdit,
    open: canEdit ? openEditor : openView,
    merge: canMerge ? openMerge : null,
  });
  const { duplicatesOnly } = view;
  const sorted = useMemo(() => {
    const bySort = sortLeads(filtered, sorting);
    return duplicatesOnly ? groupedDuplicates(bySort, duplicates.index) : bySort;
  }, [filtered, sorting, duplicatesOnly, duplicates.index]);
  const page = useMemo(() => paginate(sorted, pageIndex, pageSize), [sorted, pageIndex, pageSize]);
  const counts = useMemo(
    () => countLeads(duplicatesOnly ? sorted : filtered),
    [duplicatesOnly, sorted, filtered],
  );
  const choices = useMemo(() => knownValues(rows), [rows]);
  // a view switched or a filter typed: the rows follow in a deferred pass, or wait for leads
  const [params] = useSearchParams();
  const rowsUpdating =
    rowsLag({
      asked: filters,
      shown: deferredFilters,
      fetching: leads.isFetching || runLeads.query.isFetching,
    }) || viewAddressIn(params) !== null;
  const selection = useLeadSelection(sorted, page.rows);

  // the first letter typed is a new entry, the next ones replace it: back does not walk every letter
  const updateFilters = useCallback(
    (next: Partial<LeadFilters>, replace = false) => change({ ...next, page: 1 }, { replace }),
    [change],
  );
  const onColumnFilter = useCallback(
    (column: LeadColumnId, value: string) =>
      change(
        { columns: { ...columnFilters, [column]: value }, page: 1 },
        { replace: Boolean(columnFilters[column]) },
      ),
    [change, columnFilters],
  );
  const onSort = useCallback(
    (column: LeadColumnId) => change({ sort: nextSorting(sorting, column), page: 1 }),
    [change, sorting],
  );
  const onReferredBy = useCallback(
    (referredBy: LeadFilters['referredBy']) => updateFilters({ referredBy }),
    [updateFilters],
  );

  const timeZone = useBusinessTimeZone();
  const exporter = useExport(() => leadsExportTable(sorted, visibility, timeZone), leadsExportName);

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
      showDeletedToast(deleting);
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
      ) : !shown ? (
        <Stack data-testid="leads-skeleton">
          <Skeleton h={80} />
          <Skeleton h={40} />
          <Skeleton h={400} />
        </Stack>
      ) : (
        <DuplicatesContext.Provider value={duplicates}>
          <SummaryCards {...counts} />
          {actionError && (
            <Alert color="red" mb="sm" withCloseButton onClose={() => setActionError(null)}>
              {actionError}
            </Alert>
          )}
          <Group mb="sm" justify="space-between" align="flex-end">
            <Group gap="sm" align="flex-end">
              <ViewMenu view={view} change={change} />
              <DateRangeFilter
                startDate={filters.startDate}
                endDate={filters.endDate}
                onChange={updateFilters}
              />
            </Group>
            {view.run !== null && (
              <RunLeadsChip
                runId={view.run}
                state={runLeads.query}
                onClear={() => change({ run: null, page: 1 })}
              />
            )}
            {view.imported !== null && (
              <ImportedLeadsChip state={imported.query} onClear={() => change({ imported: null, page: 1 })} />
            )}
          </Group>
          <LeadsToolbar
            pageSize={pageSize}
            onPageSize={(size) => change({ pageSize: size, page: 1 })}
            visibility={visibility}
            onVisibility={(next) => change({ visibleColumns: visibleList(next) })}
            hideUnformatted={hideUnformatted}
            onHideUnformatted={(hide) => change({ hideUnformatted: hide, page: 1 })}
            filters={
              <>
                <DuplicatesFilter
                  checked={duplicatesOnly}
                  onChange={(only) => change({ duplicatesOnly: only, page: 1 })}
                />
                <NeedsReviewFilter
                  rows={rows}
                  active={view.needsReview}
                  onChange={(needsReview) => updateFilters({ needsReview })}
                />
              </>
            }
            search={filters.search}
            onSearch={(search) => updateFilters({ search }, Boolean(filters.search))}
            onRefresh={() => void Promise.all([leads.refetch(), duplicates.refetch()])}
            refreshing={leads.isFetching}
            onExport={(format) => void exporter.download(format)}
            exporting={exporter.busy}
            onImport={canEdit ? () => setImporting(true) : undefined}
          />
          {canEdit && (
            <BulkActionBar
              selection={selection}
              visibility={visibility}
              choices={choices}
              onReload={() => void leads.refetch()}
              onMerge={(a, b) => {
                selection.clear();
                openMerge(a, b);
              }}
            />
          )}
          {duplicatesOnly && <DuplicatesStatus />}
          <RowsUpdating busy={rowsUpdating}>
            <HeaderArrowKeys>
              <LeadsTable
                rows={page.rows}
                visibility={visibility}
                sorting={sorting}
                onSort={onSort}
                columnFilters={columnFilters}
                referredBy={filters.referredBy}
                onColumnFilter={onColumnFilter}
                onReferredBy={onReferredBy}
                filtered={hasActiveFilters(deferredFilters) || duplicatesOnly}
                canEdit={canEdit}
                onEdit={openEditor}
                onDelete={openDelete}
                onOpen={openView}
                {...(canEdit && selection.tableProps)}
              />
            </HeaderArrowKeys>
          </RowsUpdating>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed" data-testid="leads-footer">
              {page.footer}
            </Text>
            <LeadsPagination
              pageIndex={page.pageIndex}
              pageCount={page.pageCount}
              pageNumbers={page.pageNumbers}
              onPage={(index) => change({ page: index + 1 })}
            />
          </Group>
        </DuplicatesContext.Provider>
      )}
      <LeadFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        lead={editing}
        choices={choices}
        onClose={closeEditor}
        onSave={save}
      />
      <Suspense fallback={null}>
        {viewing && <LeadViewModal leadId={viewing.id} onClose={closeView} />}
        {merging && <MergeDialog ids={merging} onClose={() => setMerging(null)} />}
        {importing && (
          <LeadImportDialog
            opened
            onClose={() => setImporting(false)}
            onImported={(fileName, result) => {
              setImporting(false);
              showImportDoneToast(fileName, result, (actionId) => change(onlyImported(actionId)));
            }}
          />
        )}
      </Suspense>
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
