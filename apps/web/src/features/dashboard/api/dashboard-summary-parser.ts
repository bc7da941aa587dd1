import { dashboardSummary } from '@agentdesk/contract/dashboard/summary';
import { parseAnswer } from '../../../lib/http/envelope';

/** The summary's check against the contract: with zod, so in a chunk of its own, loaded with the answer. */
export const parseDashboardSummary = parseAnswer(dashboardSummary);

export { dashboardSummary };
