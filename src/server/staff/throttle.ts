import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Guessing passwords gets slow, then stops: failures within the window count per account and per
 * address. An account locks after 5 failures, an address (many names) after 20; from the third
 * failure each attempt waits a second more, up to 5. A success clears the account's count.
 */
export const FAILURE_WINDOW = '15 minutes';
export const ACCOUNT_LOCK_AFTER = 5;
export const ADDRESS_LOCK_AFTER = 20;

export interface FailureCounts {
  account: number;
  address: number;
}

export async function recentFailures(em: EntityManager, username: string, ip: string): Promise<FailureCounts> {
  const [row] = await em.getConnection().execute<{ account: string; address: string }[]>(
    `select count(*) filter (where username = ?) as account, count(*) filter (where ip = ?) as address
       from staff_sign_in_failures
      where (username = ? or ip = ?) and at > now() - interval '${FAILURE_WINDOW}'`,
    [username, ip, username, ip],
  );
  return { account: Number(row?.account ?? 0), address: Number(row?.address ?? 0) };
}

export function isLocked(counts: FailureCounts): boolean {
  return counts.account >= ACCOUNT_LOCK_AFTER || counts.address >= ADDRESS_LOCK_AFTER;
}

/** How long to wait before checking the password, in milliseconds. */
export function slowDownMs(counts: FailureCounts): number {
  const failures = Math.max(counts.account, Math.floor(counts.address / 4));
  return failures < 3 ? 0 : Math.min((failures - 2) * 1000, 5000);
}

export async function recordFailure(em: EntityManager, username: string, ip: string): Promise<void> {
  await em.getConnection().execute('insert into staff_sign_in_failures (username, ip) values (?, ?)', [username, ip]);
}

export async function clearFailures(em: EntityManager, username: string): Promise<void> {
  await em.getConnection().execute('delete from staff_sign_in_failures where username = ?', [username]);
}
