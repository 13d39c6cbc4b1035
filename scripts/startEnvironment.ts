import { settingsSchema } from '../server/src/platform/config/settingsSchema';

/**
 * The settings `pnpm start` adds: production, and (unless set) the app's own address where
 * the server listens on this machine. A PORT that is not a port gets no address made from
 * it: the start then reports PORT alone, not a PUBLIC_URL the person never set.
 */
export function startEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const port = settingsSchema.shape.PORT.safeParse(env.PORT || undefined);
  return {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'production',
    ...(env.PUBLIC_URL || !port.success ? {} : { PUBLIC_URL: `http://localhost:${port.data}` }),
  };
}
