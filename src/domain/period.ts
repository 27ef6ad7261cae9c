/**
 * A period of business dates, both bounds inclusive (spec "Limits", D15-D18): what a list of
 * orders, receivables, payables or bank slips is filtered by. How a query asks for one and what
 * makes it valid is the contract's (contract/period.ts); the queries only read it.
 */
export interface Period {
  /** AAAA-MM-DD */
  inicio: string;
  /** AAAA-MM-DD, not before `inicio`, at most MAX_PERIOD_MONTHS after it */
  fim: string;
}
