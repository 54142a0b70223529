import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * Each health item's last state and its last red alert, read and written with SQL by
 * health-alerts.ts (conditional updates, so two instances mail once); mapped here so the schema
 * and the migrations agree.
 */
export const HealthAlert = defineEntity({
  name: 'HealthAlert',
  tableName: 'health_alerts',
  properties: (p) => ({
    item: p.text().primary(),
    state: p.enum(['green', 'amber', 'red', 'grey']),
    redAlertedAt: p.datetime().columnType('timestamptz').nullable(),
    changedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type HealthAlert = InferEntity<typeof HealthAlert>;
