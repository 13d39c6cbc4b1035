import { preloadRemotePage } from './remotes/preloadRemotePage';

// The opened route's remote page loads alongside the shell, not after it.
preloadRemotePage(window.location.pathname);
// The async boundary lets module federation negotiate shared singletons before any of
// them is evaluated.
void import('./bootstrap');
