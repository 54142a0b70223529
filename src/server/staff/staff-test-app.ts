// Moved: the one test app is test/test-app.ts (createTestApp, callProcedure). Removed once no test imports it.
export {
  callProcedure,
  createTestApp as createStaffTestApp,
  PASSWORD,
  SITE,
  type TestApp as StaffTestApp,
} from '../test/test-app';
