import { arrowTarget, headerControls, keepOneTabStop } from './headerArrowKeys';

function header() {
  document.body.innerHTML = `
    <table><thead><tr>
      <th><input type="checkbox" aria-label="Toggle select all"></th>
      <th><button aria-label="Sort by Name">↕</button><input aria-label="Filter Name" value="ann"></th>
      <th><button aria-label="Sort by Status" disabled>↕</button><input aria-label="Filter Status"></th>
      <th><input type="checkbox" aria-label="Empty"></th>
    </tr></thead></table>`;
  const head = document.querySelector('thead')!;
  const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;
  return { head, byLabel };
}

describe('the header row as one Tab stop', () => {
  it('leaves one control in the Tab order (the one last used, else the first), every one described', () => {
    const { head, byLabel } = header();
    expect(headerControls(head).map((control) => control.getAttribute('aria-label'))).toEqual([
      'Toggle select all',
      'Sort by Name',
      'Filter Name',
      'Filter Status',
      'Empty',
    ]);
    keepOneTabStop(head, null, 'hint');
    expect(byLabel('Toggle select all').tabIndex).toBe(0);
    expect(byLabel('Filter Name').tabIndex).toBe(-1);
    expect(byLabel('Filter Name').getAttribute('aria-describedby')).toBe('hint');
    keepOneTabStop(head, byLabel('Filter Status'), 'hint');
    expect(headerControls(head).filter((control) => control.tabIndex === 0)).toEqual([
      byLabel('Filter Status'),
    ]);
  });

  it('moves with Left, Right, Home and End; in a text box only from its start or end', () => {
    const { head, byLabel } = header();
    expect(arrowTarget(head, byLabel('Toggle select all'), 'ArrowRight')).toBe(byLabel('Sort by Name'));
    expect(arrowTarget(head, byLabel('Sort by Name'), 'ArrowLeft')).toBe(byLabel('Toggle select all'));
    expect(arrowTarget(head, byLabel('Sort by Name'), 'End')).toBe(byLabel('Empty'));
    expect(arrowTarget(head, byLabel('Empty'), 'Home')).toBe(byLabel('Toggle select all'));
    expect(arrowTarget(head, byLabel('Sort by Name'), 'Enter')).toBeNull();

    const filter = byLabel('Filter Name') as HTMLInputElement;
    filter.setSelectionRange(1, 1);
    expect(arrowTarget(head, filter, 'ArrowRight')).toBeNull();
    expect(arrowTarget(head, filter, 'ArrowLeft')).toBeNull();
    filter.setSelectionRange(3, 3);
    expect(arrowTarget(head, filter, 'ArrowRight')).toBe(byLabel('Filter Status'));
    filter.setSelectionRange(0, 0);
    expect(arrowTarget(head, filter, 'ArrowLeft')).toBe(byLabel('Sort by Name'));
    expect(arrowTarget(head, filter, 'Home')).toBeNull();
  });
});
