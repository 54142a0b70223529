import type { EntityManager } from '@mikro-orm/postgresql';
import type { StaffRole } from '../../../shared/staff.schema';
import { audit } from '../audit/audit';
import { DomainError } from '../core/domain-error';
import { hashPassword, verifyPassword } from './passwords';
import { endSessionsOf } from './sessions';
import { passwordHashOf } from './sign-in';
import { actorOf, type StaffActor } from './staff-actor';
import { User } from './user.entity';

export interface NewAccount {
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
  email?: string | null;
}

const publicFields = (user: User) => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  disabled: user.disabled,
  email: user.email ?? null,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt ?? null,
});

/** Used by the console and by `npm run staff:create`; the caller has validated the input. */
export async function createAccount(em: EntityManager, account: NewAccount) {
  if (await em.count(User, { username: account.username })) {
    throw new DomainError('CONFLICT', `The username ${account.username} is taken`);
  }
  const user = em.create(User, { ...account, password: await hashPassword(account.password) });
  await em.flush();
  return publicFields(user);
}

export async function listAccounts({ em }: { em: EntityManager }) {
  const users = await em.find(User, {}, { orderBy: { username: 'asc' } });
  return users.map(publicFields);
}

export async function addAccount({ em, staff, input }: { em: EntityManager; staff: StaffActor; input: NewAccount }) {
  const account = await createAccount(em, input);
  await audit(em, actorOf(staff), 'staff_added', {
    userId: account.id,
    username: account.username,
    role: account.role,
  });
  return account;
}

async function accountOrFail(em: EntityManager, id: number) {
  const user = await em.findOne(User, { id });
  if (!user) throw new DomainError('NOT_FOUND', `No staff account ${id}`);
  return user;
}

/** Disabling signs the account out everywhere at once. */
export async function setDisabled({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; disabled: boolean };
}) {
  if (input.id === staff.id && input.disabled) {
    throw new DomainError('CONFLICT', 'You cannot disable your own account');
  }
  const user = await accountOrFail(em, input.id);
  await em.nativeUpdate(User, { id: user.id }, { disabled: input.disabled });
  if (input.disabled) await endSessionsOf(em, user.id);
  await audit(em, actorOf(staff), input.disabled ? 'staff_disabled' : 'staff_enabled', { userId: user.id });
  return { ...publicFields(user), disabled: input.disabled };
}

/** An admin sets a new password for someone; their sessions end. */
export async function resetPassword({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; password: string };
}) {
  const user = await accountOrFail(em, input.id);
  await em.nativeUpdate(User, { id: user.id }, { password: await hashPassword(input.password) });
  await endSessionsOf(em, user.id);
  await audit(em, actorOf(staff), 'password_reset', { userId: user.id });
  return { ok: true as const };
}

/** Anyone changes their own, knowing the current one; their other sessions end, this one stays. */
export async function changeOwnPassword({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { currentPassword: string; newPassword: string };
}) {
  if (!(await verifyPassword(await passwordHashOf(em, staff.id), input.currentPassword))) {
    throw new DomainError('BAD_REQUEST', 'The current password is wrong');
  }
  await em.nativeUpdate(User, { id: staff.id }, { password: await hashPassword(input.newPassword) });
  await em.execute('delete from staff_sessions where user_id = ? and id <> ?', [staff.id, staff.sessionId]);
  await audit(em, actorOf(staff), 'password_changed');
  return { ok: true as const };
}

/** An admin sets someone's e-mail address (or none): where the health list's alerts go. */
export async function setEmail({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; email: string | null };
}) {
  const user = await accountOrFail(em, input.id);
  await em.nativeUpdate(User, { id: user.id }, { email: input.email });
  // Whether one is set, never the address: the audit trail is read by every admin.
  await audit(em, actorOf(staff), 'staff_email_set', { userId: user.id, set: input.email !== null });
  return { ...publicFields(user), email: input.email };
}

/** Anyone sets their own e-mail address (or none). */
export async function setOwnEmail({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { email: string | null };
}) {
  await em.nativeUpdate(User, { id: staff.id }, { email: input.email });
  await audit(em, actorOf(staff), 'staff_email_set', { userId: staff.id, set: input.email !== null });
  return { email: input.email };
}

/** The signed-in person's own e-mail address, for My account. */
export async function ownEmail(em: EntityManager, id: number) {
  const user = await accountOrFail(em, id);
  return { email: user.email ?? null };
}
