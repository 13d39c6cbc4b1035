/** A release's reports over some minutes, as the watch and the Releases page read them. */
export interface Figures {
  /** Pages of it that loaded. */
  pageLoads: number;
  /** Loads of it that failed (manifest, entry, init, expose, factory, shared, timeout). */
  loadFailures: number;
  /** Its pages that loaded and then crashed (the host's error boundary caught them). */
  errors: number;
  /** Failed loads and crashes per phase ('render' for crashes). */
  phases: Record<string, number>;
  /** Where its pages crashed, most often first. */
  crashRoutes: string[];
}

export const NO_FIGURES: Figures = { pageLoads: 0, loadFailures: 0, errors: 0, phases: {}, crashRoutes: [] };

/** The watch's settings (RELEASE_WATCH_*). */
export interface WatchRules {
  windowMs: number;
  /** Page loads (loaded or failed) a release needs within the window before it is judged. */
  minLoads: number;
  /** 0–1: how much more of its loads must go wrong than of the release compared with. */
  failureRate: number;
  afterPromotionMs: number;
}

const attempts = (figures: Figures) => figures.pageLoads + figures.loadFailures;

/** The share (0–1) of a release's page loads that failed or crashed. */
export function failureShare(figures: Figures): number {
  const tried = attempts(figures);
  return tried === 0 ? 0 : Math.min(1, (figures.loadFailures + figures.errors) / tried);
}

/**
 * Whether a release is clearly worse than the one it is compared with: it was tried often
 * enough within the window, something of it went wrong, and the share that did exceeds the
 * other's by the setting's points.
 */
export function clearlyWorse(candidate: Figures, baseline: Figures, rules: WatchRules): boolean {
  return (
    attempts(candidate) >= rules.minLoads &&
    candidate.loadFailures + candidate.errors > 0 &&
    failureShare(candidate) - failureShare(baseline) >= rules.failureRate
  );
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

function whatWentWrong(version: string, figures: Figures): string {
  const bad = figures.loadFailures + figures.errors;
  const phases = Object.entries(figures.phases)
    .sort(([, a], [, b]) => b - a)
    .map(([phase, count]) => `${phase === 'render' ? 'crashed' : phase} ${count}`)
    .join(', ');
  const where = figures.crashRoutes.length
    ? `; crashed on ${figures.crashRoutes.slice(0, 3).join(', ')}`
    : '';
  return `${bad} of ${version}'s ${attempts(figures)} page loads failed or crashed (${percent(failureShare(figures))}${phases ? `: ${phases}` : ''}${where})`;
}

/** Why the watch took a release back, in words, with the numbers (the history and the bell). */
export function watchReason({
  version,
  figures,
  compared,
  minutes,
}: {
  version: string;
  figures: Figures;
  compared: { version: string | null; figures: Figures; live: boolean };
  minutes: number;
}): string {
  const other = `${compared.live ? 'the live ' : ''}${compared.version ?? 'built-in build'}`;
  const otherFailed = compared.figures.loadFailures + compared.figures.errors;
  const otherTried = attempts(compared.figures);
  const otherSide =
    otherTried === 0
      ? `${other} had no page loads in them`
      : `of ${other}'s ${otherTried} page loads, ${otherFailed} failed or crashed (${percent(failureShare(compared.figures))})`;
  return `Over the last ${minutes} minutes, ${whatWentWrong(version, figures)}; ${otherSide}.`;
}
