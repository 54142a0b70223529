import { Migration } from '@mikro-orm/migrations';

/**
 * The limit counters are keyed by a keyed hash of the limit's key from now on
 * (platform/security/counter-keys.ts), never an e-mail or client address in clear. The rows written before
 * name them, so they go: each is a window of two hours at most, and forgetting them only lets one
 * window start afresh.
 */
export class Migration20261127130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('delete from "rate_limit_counters";');
  }

  override async down(): Promise<void> {
    // Nothing to restore: the clear keys are gone, and hashed keys are as valid under the old code.
  }
}
