/** Record ids: per company for the collections, across the whole data set for order items and checklists. */
import type { CompanyPlan } from './companies.ts';

export function idOf(plan: CompanyPlan, index: number): number {
  return plan.idBase + index + 1;
}

export interface IdCounters {
  item: number;
  checklist: number;
}
