const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else cannot name a row (and must not reach a uuid column). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
