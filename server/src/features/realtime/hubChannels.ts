/** Where a backplane message goes: every connection, a group, one connection, or one user's. */
export type HubAudience =
  | { kind: 'all' }
  | { kind: 'group'; name: string }
  | { kind: 'connection'; id: string }
  | { kind: 'user'; id: number };

/**
 * The channel names of one hub, as ASP.NET names them (hub:NAME:all, …:group:NAME,
 * …:connection:ID, …:user:ID), and back from a name to its audience.
 */
export function hubChannels(hubName: string) {
  const prefix = `hub:${hubName}:`;
  return {
    all: `${prefix}all`,
    group: (name: string) => `${prefix}group:${name}`,
    connection: (id: string) => `${prefix}connection:${id}`,
    user: (id: number) => `${prefix}user:${id}`,

    /** Whom a channel of this hub addresses; null for another hub's channel or one it never names. */
    audienceOf(channel: string): HubAudience | null {
      if (!channel.startsWith(prefix)) return null;
      const rest = channel.slice(prefix.length);
      if (rest === 'all') return { kind: 'all' };
      const colon = rest.indexOf(':');
      const kind = rest.slice(0, colon);
      const id = rest.slice(colon + 1);
      if (colon === -1) return null;
      if (kind === 'group') return { kind, name: id };
      if (kind === 'connection') return { kind, id };
      if (kind === 'user' && /^\d+$/.test(id)) return { kind, id: Number(id) };
      return null;
    },
  };
}

export type HubChannels = ReturnType<typeof hubChannels>;
