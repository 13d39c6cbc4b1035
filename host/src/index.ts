// The async boundary lets module federation negotiate shared singletons before any of
// them is evaluated.
void import('./bootstrap');
