/**
 * Money and quantities arrive from the database as exact decimal text (numeric(15,2) and
 * numeric(15,4), summed in SQL) and become JSON numbers here, once (D23). At most 15 significant
 * digits, so the double Number() gives prints back as the same decimal.
 */
export const decimalToNumber = (text: string): number => Number(text);
