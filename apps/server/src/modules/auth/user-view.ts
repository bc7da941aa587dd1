import type { TUser } from '@agentdesk/contract/auth/user';
import type { UserRow } from './users.repo.js';

export function toUserView(row: UserRow): TUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    role: row.role,
    referralCode: row.referral_code,
    createdAt: row.created_at.toISOString(),
  };
}
