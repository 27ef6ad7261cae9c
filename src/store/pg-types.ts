import pg from 'pg';

/**
 * Type parsers shared by every pool. Dates and timestamps stay text so a business date is never
 * shifted by the process time zone (D18); numeric stays text so money only becomes a JSON
 * number once, at serialisation (D23); int8 becomes a number because ids and counts are
 * bounded by 2^53-1 (D6).
 */
const identity = (value: string): string => value;
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184, time: 1083 } as const;

export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    switch (oid) {
      case OID.int8:
        return (value: string) => Number(value);
      case OID.numeric:
      case OID.date:
      case OID.timestamp:
      case OID.timestamptz:
      case OID.time:
        return identity;
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};
