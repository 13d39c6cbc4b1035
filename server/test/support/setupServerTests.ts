import { stopSharedD1Server } from './d1/sharedD1Server';

// jest.config.cjs's testTimeout does not reach a project's tests; hooks that start a D1
// engine (Miniflare, ~1.4 s, more on a busy machine) need the 15 s it meant
jest.setTimeout(15_000);

// the file's D1 contract server (if it started one) stops with the file
afterAll(() => stopSharedD1Server());
