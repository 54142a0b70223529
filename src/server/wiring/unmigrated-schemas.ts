import type { BackupHeader } from '../platform/db/logical-backup';
import type { Orm } from '../platform/db/orm';

/** The sandbox's emulated Razorpay keeps its records in a schema of its own (gifts/payments/sandbox/store.ts). */
const SANDBOX_SCHEMA = 'razorpay_sandbox';

/**
 * A restore's schemas that no migration makes, made the way their owners make them before the
 * backup's rows are copied in: the sandbox's store (a backup of a sandbox site holds its orders and
 * payments, so a pending checkout can still be paid after the restore). Loaded only when needed.
 */
export async function prepareUnmigratedSchemas(orm: Orm, header: BackupHeader): Promise<void> {
  if (header.tables.some((table) => table.schema === SANDBOX_SCHEMA)) {
    const { openSandboxStore } = await import('../gifts/payments/sandbox/store');
    await openSandboxStore(orm.em.getConnection().getKnex());
  }
}
