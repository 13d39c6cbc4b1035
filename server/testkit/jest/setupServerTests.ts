import { stopSharedD1Server } from '../servers/d1/sharedD1Server';

// the file's D1 contract server (if it started one) stops with the file
afterAll(() => stopSharedD1Server());
