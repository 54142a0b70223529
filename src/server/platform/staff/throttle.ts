import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Guessing passwords gets slow, then stops: failures within the window count per account, per
 * address and per device. A guess from a browser that never signed in to the account is checked
 * only while the account has fewer than 5 failures and the address fewer than 20; a browser that
 * did (its device cookie) is checked while it itself has fewer than 5, so an attacker who locks an
 * account out does not lock its own people out of their usual devices. From the third failure each
 * check waits a second more, up to 5. A success clears the account's count.
 *
 * The decision and the record are one step (`takeAttempt`): under advisory locks on the account
 * and the address, the attempt is counted before the password is checked, so however many guesses
 * arrive at once, at most 5 per account and 20 per address are ever checked.
 */
export const FAILURE_WINDOW = '15 minutes';
export const ACCOUNT_LOCK_AFTER = 5;
export const ADDRESS_LOCK_AFTER = 20;
export const DEVICE_LOCK_AFTER = 5;

export interface FailureCounts {
  account: number;
  address: number;
  device: number;
}

export type Attempt =
  | { allowed: true; attemptId: number; counts: FailureCounts }
  | { allowed: false; counts: FailureCounts };

/** Whether a guess may be checked, given the counts and whether its browser is one of the account's. */
export function mayCheck(counts: FailureCounts, knownDevice: boolean): boolean {
  if (knownDevice) return counts.device < DEVICE_LOCK_AFTER;
  return counts.account < ACCOUNT_LOCK_AFTER && counts.address < ADDRESS_LOCK_AFTER;
}

/**
 * Decides whether this guess may be checked and, if so, records it as a failure first (the caller
 * deletes the record on success): one short transaction, never held while the password is hashed.
 */
export async function takeAttempt(
  em: EntityManager,
  attempt: { username: string; ip: string; deviceHash: string | null; knownDevice: boolean },
): Promise<Attempt> {
  return em.transactional(async (tx) => {
    // Always account first, then address: two sign-ins never wait for each other the other way round.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('staff-sign-in:account:' || lower(?)))`, [
      attempt.username,
    ]);
    await tx.execute(`select pg_advisory_xact_lock(hashtext('staff-sign-in:address:' || ?))`, [attempt.ip]);
    const [row] = await tx.execute<{ account: string; address: string; device: string }[]>(
      `select count(*) filter (where username = ?) as account, count(*) filter (where ip = ?) as address,
              count(*) filter (where device_hash = ?) as device
         from staff_sign_in_failures
        where (username = ? or ip = ? or device_hash = ?) and at > now() - interval '${FAILURE_WINDOW}'`,
      [attempt.username, attempt.ip, attempt.deviceHash, attempt.username, attempt.ip, attempt.deviceHash],
    );
    const counts = {
      account: Number(row?.account ?? 0),
      address: Number(row?.address ?? 0),
      device: Number(row?.device ?? 0),
    };
    if (!mayCheck(counts, attempt.knownDevice)) return { allowed: false, counts };
    const [recorded] = await tx.execute<{ id: number }[]>(
      'insert into staff_sign_in_failures (username, ip, device_hash) values (?, ?, ?) returning id',
      [attempt.username, attempt.ip, attempt.deviceHash],
    );
    return { allowed: true, attemptId: Number(recorded?.id), counts };
  });
}

/** How long to wait before checking the password, in milliseconds. */
export function slowDownMs(counts: FailureCounts): number {
  const failures = Math.max(counts.account, Math.floor(counts.address / 4));
  return failures < 3 ? 0 : Math.min((failures - 2) * 1000, 5000);
}

/** A success: the account's failures (the attempt just recorded included) are forgotten. */
export async function clearFailures(em: EntityManager, username: string): Promise<void> {
  await em.execute('delete from staff_sign_in_failures where username = ?', [username]);
}
