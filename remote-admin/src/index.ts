// Async boundary: federation negotiates the shared singletons before they are evaluated.
void import('./bootstrap');
