import { z } from 'zod';

/** What the compatibility check reads of a build's mf-manifest.json (module federation's). */
export const federationManifest = z.looseObject({
  name: z.string(),
  metaData: z.looseObject({
    remoteEntry: z.looseObject({ name: z.string() }),
  }),
  shared: z.array(
    z.looseObject({
      name: z.string(),
      version: z.string(),
      requiredVersion: z.string().optional(),
      singleton: z.boolean().optional(),
      assets: z
        .looseObject({
          js: z.looseObject({ sync: z.array(z.string()), async: z.array(z.string()) }),
        })
        .optional(),
    }),
  ),
  exposes: z.array(z.looseObject({ path: z.string() })),
});
export type FederationManifest = z.infer<typeof federationManifest>;

/** The manifest in a text, or the reason it is not one (for the person releasing). */
export function parseFederationManifest(text: string): FederationManifest | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'mf-manifest.json is not JSON.';
  }
  const parsed = federationManifest.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return `mf-manifest.json is not a federation manifest (${issue.path.join('.') || 'top'}: ${issue.message}).`;
}
