import type { SignedInStaff } from './sessions';

/** The signed-in staff member a call acts for, and the address the call came from (for the audit). */
export interface StaffActor extends SignedInStaff {
  ip: string;
}

export const actorOf = (staff: StaffActor) => ({ userId: staff.id, username: staff.username, ip: staff.ip });
