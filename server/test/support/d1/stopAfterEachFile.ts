import { stopSharedD1Server } from './sharedD1Server';

// jest setup: the file's D1 contract server (if it started one) stops with the file
afterAll(() => stopSharedD1Server());
