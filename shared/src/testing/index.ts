export { renderRoutes, renderWithProviders } from './renderWithProviders';
