export { renderRoutes, renderWithProviders } from './renderWithProviders';
export { blobBytes, blobText } from './readBlob';
export { readWorkbook } from './readWorkbook';
export { parseCsv } from './parseCsv';
export { fakeHubConnection, fakeSyncHub } from './fakeHubConnection';
export { gridRecord } from './gridRecord';
