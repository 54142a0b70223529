import type { HealthItem } from '../../../shared/health';

/** What a check answers: its item without the id and title. */
export type Verdict = Omit<HealthItem, 'id' | 'title'>;

export const green = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'green', message, fix });
export const amber = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'amber', message, fix });
export const red = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'red', message, fix });
/** Not set up, by choice or not yet: no alarm, but shown with where to set it up. */
export const grey = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'grey', message, fix });

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
