/** Who a donor's call acts for, and from where (for the audit trail). */
export interface DonorActor {
  email: string;
  ip: string;
}

/** The audit trail's actor for a donor acting on their own page. */
export const donorAuditActor = (donor: DonorActor) => ({ userId: null, username: 'donor', ip: donor.ip });
