import { describe, expect, it } from 'vitest';
import { dashboardSummary } from './dashboard-summary-parser';
import { DASHBOARD_SUMMARY_PATH } from './dashboard-summary';

describe('the dashboard summary endpoint', () => {
  it('asks for the contract’s path, spelled without loading the schema', () => {
    expect(DASHBOARD_SUMMARY_PATH).toBe(dashboardSummary.path);
    expect(dashboardSummary.method).toBe('GET');
  });
});
