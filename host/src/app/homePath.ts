/** Where signing in, `/` and unknown paths land. */
export const HOME_PATH = '/scheduling';
