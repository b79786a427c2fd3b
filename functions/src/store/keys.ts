/**
 * Key builders for the single table (design D4). Every item lives under its tenant's partition;
 * docs/access-patterns.md lists each access pattern with its key condition and index.
 */
export const key = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  rate: (bucket: string, window: number) => ({ pk: `RATE#${bucket}`, sk: `W#${window}` }),
};

/** WebSocket connections: one item per connection under its user, found by id through gsi1. */
export const connectionKey = {
  item: (userId: string, connectionId: string) => ({ pk: `USER#${userId}`, sk: `CONN#${connectionId}` }),
  byId: (connectionId: string) => ({ gsi1pk: `CONN#${connectionId}`, gsi1sk: 'CONN' }),
  prefix: 'CONN#',
};
