import { HANDLED_EVENTS } from '../../gifts/webhooks/apply-event';
import { describeSettings, type SettingsView } from './effective-settings';
import type { LiveSettings } from './live-settings';

/** The Settings page's values: what another instance saved is read first, so the page shows what is in force. */
export async function settingsPage(live: LiveSettings): Promise<SettingsView> {
  await live.refresh();
  return describeSettings(live.environment, live.stored, HANDLED_EVENTS);
}
