import { describe, expect, it } from 'vitest';
import { approveFundingRequest } from '@agentdesk/contract/admin/funding';
import { inviteOperator } from '@agentdesk/contract/admin/operators';
import { listAudit } from '@agentdesk/contract/admin/audit';
import { operatorMay } from './use-operator-may';

describe('what the console offers a role', () => {
  it('follows the contract’s roles: owner everything, finance funding, support reading', () => {
    expect(['owner', 'finance', 'support'].map((role) => operatorMay(role, approveFundingRequest))).toEqual([
      true,
      true,
      false,
    ]);
    expect(['owner', 'finance', 'support'].map((role) => operatorMay(role, inviteOperator))).toEqual([
      true,
      false,
      false,
    ]);
    expect(['owner', 'finance', 'support'].map((role) => operatorMay(role, listAudit))).toEqual([true, true, true]);
    expect(operatorMay(undefined, listAudit)).toBe(false);
  });
});
